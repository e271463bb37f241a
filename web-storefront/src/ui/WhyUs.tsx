import type { ReactNode } from 'react';

/** A service page's "why us": a heading and the reasons, one a line. */
export function WhyUs({ title, reasons }: { title: ReactNode; reasons: readonly ReactNode[] }) {
  return (
    <>
      <h2>{title}</h2>
      <ul className="home-list">
        {reasons.map((reason, index) => (
          <li key={index}>{reason}</li>
        ))}
      </ul>
    </>
  );
}
