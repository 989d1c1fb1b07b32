import { bannerLive, plansText } from '../../../domain/notices';
import { API_NOTICES, BANNER_TONE_LABELS, type BannerRow } from '../../../domain/notices-contract';
import { formatDateTime } from '../../../domain/format';
import { useOnInvalidate } from '../../../services/invalidate';
import { useNoticeEditor } from '../../../services/use-notice-editor';
import { useOperation } from '../../hooks/use-operation';
import { Badge, DataTable, Loadable, RowActions } from '../../kit';
import { StaffShell } from '../shell/staff-shell';
import { NoticeForm } from './notice-form';

// /dakiya/banners: the banners at the top of the seller app. Staff write one (message, tone,
// link, India-time start and end, the plans it reaches), edit it, switch it off or on again.

export function StaffBannersScreen() {
  const list = useOperation(API_NOTICES.banners, {}, { load: true });
  useOnInvalidate('notices', () => list.run());
  const editor = useNoticeEditor('BANNER');
  const [state, send] = editor;
  const busy = state.matches('settingStatus');
  const now = new Date();
  return (
    <StaffShell>
      <div className="page stack">
        <header className="page-head">
          <h1>Banners</h1>
          <p>
            Shown at the top of the seller app to the plans chosen, between their start and end; each seller may close
            one.
          </p>
        </header>
        <NoticeForm kind="BANNER" editor={editor} />
        <Loadable loading={list.loading && !list.data} error={list.error} onRetry={() => list.run()}>
          {() => (
            <DataTable<BannerRow>
              caption="Banners"
              rows={list.data ?? []}
              rowKey={(r) => r.bannerId}
              busy={busy}
              empty="No banners yet"
              columns={[
                { header: 'Message', cell: (r) => r.message },
                { header: 'Tone', cell: (r) => BANNER_TONE_LABELS[r.tone] },
                { header: 'Plans', cell: (r) => plansText(r.plans) },
                {
                  header: 'Shown',
                  cell: (r) =>
                    `${r.startsAt ? formatDateTime(r.startsAt) : 'Now'} – ${r.endsAt ? formatDateTime(r.endsAt) : 'until switched off'}`,
                },
                {
                  header: 'Status',
                  cell: (r) =>
                    bannerLive(r, now) ? (
                      <Badge tone="success">Live</Badge>
                    ) : (
                      <Badge tone="warning">{r.bannerStatus === 'ACTIVE' ? 'Scheduled or ended' : 'Off'}</Badge>
                    ),
                },
                { header: 'Closed by', cell: (r) => r.dismissedCount },
                {
                  header: 'Actions',
                  cell: (r) => (
                    <RowActions
                      actions={[
                        {
                          label: 'Edit',
                          name: `Edit banner ${r.bannerId}`,
                          onClick: () => send({ type: 'EDIT', row: r }),
                        },
                        {
                          label: r.bannerStatus === 'ACTIVE' ? 'Switch off' : 'Switch on',
                          name: `${r.bannerStatus === 'ACTIVE' ? 'Switch off' : 'Switch on'} banner ${r.bannerId}`,
                          disabled: busy,
                          onClick: () =>
                            send({
                              type: 'SET_STATUS',
                              id: r.bannerId,
                              status: r.bannerStatus === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
                            }),
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
