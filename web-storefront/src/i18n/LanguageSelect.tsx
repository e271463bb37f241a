import { LANGUAGES, isLanguage } from './languages';
import { setLanguage, useLanguage } from './store';

/** The visitor's language; each option is written in its own language so anyone can find theirs. */
export function LanguageSelect({ label }: { label: string }) {
  const language = useLanguage();
  return (
    <select className="language-select" value={language} aria-label={label} onChange={(event) => isLanguage(event.target.value) && setLanguage(event.target.value)}>
      {LANGUAGES.map((option) => (
        <option key={option.code} value={option.code} lang={option.code}>
          {option.name}
        </option>
      ))}
    </select>
  );
}
