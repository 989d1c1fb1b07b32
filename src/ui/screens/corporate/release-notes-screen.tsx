import { API_NOTICES, type ReleaseNoteRow } from '../../../domain/notices-contract';
import { formatDateTime } from '../../../domain/format';
import { useOnInvalidate } from '../../../services/invalidate';
import { useNoticeEditor } from '../../../services/use-notice-editor';
import { useOperation } from '../../hooks/use-operation';
import { Badge, DataTable, Loadable, RowActions } from '../../kit';
import { StaffShell } from '../shell/staff-shell';
import { NoticeForm } from './notice-form';

// /dakiya/release-notes: staff write a note as a draft, publish it (each seller login sees it once,
// then on What's new), and archive it later.

const STATUS_TEXT = { DRAFT: 'Draft', PUBLISHED: 'Published', ARCHIVED: 'Archived' } as const;

export function StaffReleaseNotesScreen() {
  const list = useOperation(API_NOTICES.releaseNotes, {}, { load: true });
  useOnInvalidate('notices', () => list.run());
  const editor = useNoticeEditor('RELEASE_NOTE');
  const [state, send] = editor;
  const busy = state.matches('settingStatus');
  return (
    <StaffShell>
      <div className="page stack">
        <header className="page-head">
          <h1>Release notes</h1>
          <p>A published note shows once to every seller login after it signs in, and stays on What&apos;s new.</p>
        </header>
        <NoticeForm kind="RELEASE_NOTE" editor={editor} />
        <Loadable loading={list.loading && !list.data} error={list.error} onRetry={() => list.run()}>
          {() => (
            <DataTable<ReleaseNoteRow>
              caption="Release notes"
              rows={list.data ?? []}
              rowKey={(r) => r.releaseNoteId}
              busy={busy}
              empty="No release notes yet"
              columns={[
                { header: 'Title', cell: (r) => r.title },
                {
                  header: 'Status',
                  cell: (r) => (
                    <Badge tone={r.status === 'PUBLISHED' ? 'success' : 'warning'}>{STATUS_TEXT[r.status]}</Badge>
                  ),
                },
                { header: 'Published', cell: (r) => (r.publishedAt ? formatDateTime(r.publishedAt) : '—') },
                { header: 'Seen by', cell: (r) => r.viewedCount },
                {
                  header: 'Actions',
                  cell: (r) => (
                    <RowActions
                      actions={[
                        { label: 'Edit', name: `Edit ${r.title}`, onClick: () => send({ type: 'EDIT', row: r }) },
                        r.status !== 'PUBLISHED' && {
                          label: 'Publish',
                          name: `Publish ${r.title}`,
                          variant: 'primary',
                          disabled: busy,
                          onClick: () => send({ type: 'SET_STATUS', id: r.releaseNoteId, status: 'PUBLISHED' }),
                        },
                        r.status === 'PUBLISHED' && {
                          label: 'Archive',
                          name: `Archive ${r.title}`,
                          disabled: busy,
                          onClick: () => send({ type: 'SET_STATUS', id: r.releaseNoteId, status: 'ARCHIVED' }),
                        },
                      ]}
                    />
                  ),
                },
              ]}
            />
          )}
        </Loadable>
      </div>
    </StaffShell>
  );
}
