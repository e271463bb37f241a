import type { ReactNode } from 'react';
import { DateField, FunctionField, Labeled, Show, SimpleShowLayout, TextField } from 'react-admin';
import type { FollowUpFields } from '@autobest/domain/followUps/contracts';
import { FollowUpHistory, FollowUpPanel } from './FollowUpPanel';
import { StatusChip } from './StatusChip';
import { FOLLOW_UP_WORKFLOW } from './workflow';
import { RequestMessages } from '../ui/RequestMessages';

/**
 * The page of one followed-up request, the same in every area: the panel staff work it with and its status first,
 * the area's own fields (`children`), then its ID, when it last changed, its history and what was sent about it.
 */
export function FollowUpShow({ resource, noun, title, loading, children }: { resource: string; noun: string; title?: string; loading?: ReactNode; children: ReactNode }) {
  return (
    <Show title={title} loading={loading}>
      <SimpleShowLayout>
        <FollowUpPanel resource={resource} noun={noun} workflow={FOLLOW_UP_WORKFLOW} picker="buttons" />
        <FunctionField<FollowUpFields> label="Status" render={(record) => <StatusChip workflow={FOLLOW_UP_WORKFLOW} status={record.status} />} />
        {children}
        <TextField source="id" label="ID" />
        <DateField source="lastUpdated" label="Last updated" showTime emptyText="—" />
        <Labeled label="History">
          <FollowUpHistory />
        </Labeled>
        <RequestMessages />
      </SimpleShowLayout>
    </Show>
  );
}
