import { useT } from '../i18n';
import { LegalDocument } from './LegalDocument';
import { privacyMessages } from './privacy/messages';
import { ContactLines } from './ContactLines';
import { PRIVACY_EMAIL } from '../support/contactDetails';

const SECTIONS = [
  'controller',
  'collect',
  'photos',
  'use',
  'lawfulBasis',
  'analytics',
  'cookies',
  'sharing',
  'transfers',
  'retention',
  'security',
  'rights',
  'children',
  'changes',
  'contact',
] as const;

export function PrivacyPage() {
  const t = useT(privacyMessages);
  return (
    <LegalDocument
      name="privacy"
      t={t}
      sections={SECTIONS}
      after={{ contact: <ContactLines email={PRIVACY_EMAIL} emailLabel={t('emailLabel')} phoneLabel={t('phoneLabel')} /> }}
    />
  );
}
