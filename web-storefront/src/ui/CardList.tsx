/** A list of cards, each a short title and a sentence (the About page's values, Tara's features, the companion's benefits). */
export function CardList({ className, cards }: { className: string; cards: ReadonlyArray<readonly [title: string, body: string]> }) {
  return (
    <ul className={className}>
      {cards.map(([title, body]) => (
        <li key={title} className="card">
          <h3>{title}</h3>
          <p>{body}</p>
        </li>
      ))}
    </ul>
  );
}
