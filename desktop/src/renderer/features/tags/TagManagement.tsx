import { useState } from 'react';
import { MESSAGES } from '@shared/messages';
import type { Tag } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Spinner';
import { Table, TBody, Td, Th, THead } from '../../components/Table';
import { toApiError } from '../../lib/apiErrors';
import { TagFormDialog } from './TagFormDialog';
import { useGetTagsQuery } from './tagsApi';
import { Refreshing } from '../../components/Refreshing';

/** The dialog's subject: a tag to edit, 'new', or closed. */
type Editing = Tag | 'new' | null;

/** /tag-management (admin): list, add, edit and delete tags. */
export function TagManagement() {
  const { data: tags, error, isLoading, isFetching, refetch } = useGetTagsQuery();
  const [editing, setEditing] = useState<Editing>(null);

  const addButton = <Button onClick={() => setEditing('new')}>Add new Tag</Button>;

  let body;
  if (isLoading) body = <Loading label="Loading tags…" />;
  else if (error && !tags) body = <LoadError onRetry={() => void refetch()}>{toApiError(error).message}</LoadError>;
  else if (!tags || tags.length === 0)
    body = <EmptyState title={MESSAGES.noTags} description="Add a tag with the “Add new Tag” button." />;
  else
    body = (
      <Refreshing busy={isFetching}>
        <Table caption="Tags">
          <THead>
            <Th className="w-20">ID</Th>
            <Th>Name</Th>
            <Th>Open to sign-up links</Th>
            <Th className="w-24 text-right">
              <span className="sr-only">Actions</span>
            </Th>
          </THead>
          <TBody>
            {tags.map((tag) => (
              <tr key={tag.id} className="hover:bg-gray-50">
                <Td className="font-mono text-xs text-gray-500">{tag.id}</Td>
                <Td className="font-medium text-gray-900">{tag.name}</Td>
                <Td>
                  {tag.openForSignup ? (
                    <span className="rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-medium text-green-700">
                      Yes
                    </span>
                  ) : (
                    <span className="text-gray-600">No</span>
                  )}
                </Td>
                <Td className="text-right">
                  <Button size="sm" variant="secondary" aria-label={`Edit ${tag.name}`} onClick={() => setEditing(tag)}>
                    Edit
                  </Button>
                </Td>
              </tr>
            ))}
          </TBody>
        </Table>
      </Refreshing>
    );

  return (
    <div>
      <PageHeader
        title="Tag Management"
        description="Tags grant access to courses, resources and tools."
        actions={addButton}
      />
      {body}
      {editing && (
        <TagFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          tag={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
