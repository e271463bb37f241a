import { useT } from '../i18n';
import { LegalDocument } from './LegalDocument';
import { termsMessages } from './terms/messages';
import { ContactLines } from './ContactLines';
import { SUPPORT_EMAIL } from '../support/contactDetails';

const SECTIONS = [
  'about',
  'use',
  'listings',
  'reservations',
  'imports',
  'selling',
  'tara',
  'warranty',
  'content',
  'links',
  'liability',
  'law',
  'changes',
  'contact',
] as const;

export function TermsPage() {
  const t = useT(termsMessages);
  return (
    <LegalDocument
      name="terms"
      t={t}
      sections={SECTIONS}
      after={{ contact: <ContactLines email={SUPPORT_EMAIL} emailLabel={t('emailLabel')} phoneLabel={t('phoneLabel')} /> }}
    />
  );
}
