/** Placeholder until this page is built. */
export function ProfilePage() {
  return (
    <section className="page">
      <h1>Company Profile</h1>
    </section>
  );
}
