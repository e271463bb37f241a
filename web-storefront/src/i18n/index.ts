export { LANGUAGES, type Language, isLanguage } from './languages';
export { useLanguage, setLanguage, currentLanguage } from './store';
export { defineMessages, useT, interpolate, plural, pluralCategory, type Catalogue, type Messages, type PluralCategory, type PluralName, type Translation, type Translate, type Translator } from './messages';
export { useFormat, formattersFor, moneyLocale, type Formatters } from './format';
export { LanguageSelect } from './LanguageSelect';
