/** Placeholder until this page is built. */
export function PrivacyPage() {
  return (
    <section className="page">
      <h1>Privacy Policy</h1>
    </section>
  );
}
