import { Link } from 'wouter';
import { useT } from '../i18n';
import { submissionMessages } from './messages';
import type { SubmissionCreated } from '@autobest/domain/submissions/contracts';

/** The reference of a request just sent, in bold inside the sentence, and the link to follow it. */
export function CreatedNotice({ created }: { created: SubmissionCreated }) {
  const t = useT(submissionMessages);
  // Without a value the placeholder stays in the text, so each language decides where the reference goes.
  const [before, after] = t('yourReference').split('{id}');
  return (
    <div className="notice notice-success">
      <p>
        {before}
        <strong>{created.id}</strong>
        {after}
      </p>
      <p>
        <Link to={created.statusUrl}>{t('followRequest')}</Link>
      </p>
    </div>
  );
}
