import type { ComponentType, ReactElement } from 'react';
import { Create, Edit, Labeled, SimpleForm, type TransformData } from 'react-admin';

/**
 * A resource's edit and create pages around one set of inputs. Editing waits for the API's answer, so a refusal names
 * its field on the form still open; creating goes back to the list. `history` shows under the inputs when editing;
 * `transform` shapes what both pages send.
 */
export function formPages({ inputs: Inputs, history, transform }: { inputs: ComponentType<{ creating: boolean }>; history?: ReactElement; transform?: TransformData }) {
  const sending = transform ? { transform } : {};
  function EditPage() {
    return (
      <Edit mutationMode="pessimistic" {...sending}>
        <SimpleForm>
          <Inputs creating={false} />
          {history ? <Labeled label="History">{history}</Labeled> : null}
        </SimpleForm>
      </Edit>
    );
  }
  function CreatePage() {
    return (
      <Create redirect="list" {...sending}>
        <SimpleForm>
          <Inputs creating />
        </SimpleForm>
      </Create>
    );
  }
  return { edit: EditPage, create: CreatePage };
}
