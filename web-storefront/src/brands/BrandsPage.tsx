/** Placeholder until this page is built. */
export function BrandsPage() {
  return (
    <section className="page">
      <h1>Vehicle Brands</h1>
    </section>
  );
}
