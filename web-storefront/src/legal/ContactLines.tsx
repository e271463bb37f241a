import { SUPPORT_PHONE, SUPPORT_PHONE_HREF, mailtoLink } from '../support/contactDetails';

export function ContactLines({ email, emailLabel, phoneLabel }: { email: string; emailLabel: string; phoneLabel: string }) {
  return (
    <ul className="legal-contact">
      <li>
        {emailLabel}{' '}
        <a href={mailtoLink(email)} dir="ltr">
          {email}
        </a>
      </li>
      <li>
        {phoneLabel}{' '}
        <a href={SUPPORT_PHONE_HREF} dir="ltr">
          {SUPPORT_PHONE}
        </a>
      </li>
    </ul>
  );
}
