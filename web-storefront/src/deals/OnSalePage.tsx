/** Placeholder until this page is built. */
export function OnSalePage() {
  return (
    <section className="page">
      <h1>Vehicles On Sale</h1>
    </section>
  );
}
