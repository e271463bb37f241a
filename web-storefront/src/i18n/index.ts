export { LANGUAGES, type Language, isLanguage } from './languages';
export { useLanguage, setLanguage, currentLanguage } from './store';
export { defineMessages, useT, interpolate, type Catalogue, type Messages, type Translation, type Translate } from './messages';
export { useFormat, formattersFor, moneyLocale, type Formatters } from './format';
export { LanguageSelect } from './LanguageSelect';
