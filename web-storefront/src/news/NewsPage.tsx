/** Placeholder until this page is built. */
export function NewsPage() {
  return (
    <section className="page">
      <h1>Automotive News &amp; Videos</h1>
    </section>
  );
}
