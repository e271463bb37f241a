import type { ReactNode } from 'react';
import { BackLink, type BackTarget } from './BackLink';

/** A page's top: the way back, the page's title, and the lead sentence under it when the page has one. */
export function PageHeader({ back, backLabel, title, lead }: { back: BackTarget; backLabel: ReactNode; title: ReactNode; lead?: ReactNode }) {
  return (
    <>
      <BackLink to={back}>{backLabel}</BackLink>
      <h1>{title}</h1>
      {lead === undefined ? null : <p className="lead">{lead}</p>}
    </>
  );
}
