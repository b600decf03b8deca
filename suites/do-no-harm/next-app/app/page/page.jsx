export default function AboutPage() {
  return (
    <main>
      <h1>About us</h1>
      {Array.from({ length: 20 }, (_, index) => (
        <p key={index}>We sell lamps and desks, and we have done so for a long time.</p>
      ))}
    </main>
  );
}
