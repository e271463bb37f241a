import { useFormat, useT } from '../../i18n';
import { figuresMessages } from './messages';
import './figures.css';

type FigureStyle = 'plus' | 'compactPlus' | 'percent' | 'exact';

/** The marketing figures of the spec (section 1), one place for every page that quotes them. */
const FIGURES = {
  countries: { value: 15, style: 'plus' },
  vehicles: { value: 2500, style: 'plus' },
  customers: { value: 50000, style: 'plus' },
  satisfaction: { value: 0.98, style: 'percent' },
  years: { value: 35, style: 'plus' },
  sold: { value: 250000, style: 'compactPlus' },
  cities: { value: 8, style: 'exact' },
  partners: { value: 18, style: 'plus' },
  containers: { value: 650, style: 'plus' },
} as const satisfies Record<string, { value: number; style: FigureStyle }>;

export type FigureName = keyof typeof FIGURES;

export function Figures({ names, label }: { names: readonly FigureName[]; label: string }) {
  const t = useT(figuresMessages);
  const { number } = useFormat();
  const shown = (name: FigureName): string => {
    const { value, style } = FIGURES[name];
    switch (style) {
      case 'percent':
        return number(value, { style: 'percent' });
      case 'compactPlus':
        return t('atLeast', { value: number(value, { notation: 'compact' }) });
      case 'plus':
        return t('atLeast', { value: number(value) });
      case 'exact':
        return number(value);
    }
  };
  return (
    <ul className="figures" aria-label={label}>
      {names.map((name) => (
        <li key={name}>
          <strong>{shown(name)}</strong> <span>{t(name)}</span>
        </li>
      ))}
    </ul>
  );
}
