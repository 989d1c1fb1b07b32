import { useState } from 'react';
import { formatDateTime } from '../../../domain/format';
import { PublishTermsBody, type PublishTermsInput } from '../../../domain/schemas/terms';
import { issueText } from '../../../domain/schemas/labels';
import * as v from 'valibot';
import { notify } from '../../../services/notify';
import { API_TERMS } from '../../../domain/terms-contract';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Badge, Button, Card, DataTable, Loadable, TextField } from '../../kit';
import { StaffShell } from '../shell/staff-shell';

// /dakiya/terms: the published terms versions (the newest is in force) with how many logins
// accepted or declined each, and the form that publishes a new one: in force at once, so every
// seller login made before it must accept it before going on.

export function StaffTermsScreen() {
  const versions = useOperation(API_TERMS.versions, {}, { load: true });
  const [values, setValues] = useState<PublishTermsInput>({ termsTitle: '', termsContent: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof PublishTermsInput, string>>>({});
  const publish = useOperation(API_TERMS.publish, (body: PublishTermsInput) => ({ body }), {
    onDone: (row) => {
      notify({ kind: 'info', message: `Version ${row.version} published: sellers accept it before going on` });
      setValues({ termsTitle: '', termsContent: '' });
      versions.run();
    },
  });
  return (
    <StaffShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Terms and conditions</h1>
          <p>The newest version is in force. Sellers who joined before it must accept it before going on.</p>
        </div>
        <Card className="stack" aria-labelledby="terms-publish">
          <h2 id="terms-publish">Publish a new version</h2>
          <form
            noValidate
            aria-label="Publish terms"
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              const result = v.safeParse(PublishTermsBody, values);
              if (!result.success) {
                const found: Record<string, string> = {};
                for (const issue of result.issues) found[String(issue.path?.[0]?.key)] ??= issueText(issue);
                setErrors(found);
                return;
              }
              setErrors({});
              publish.run(result.output);
            }}
          >
            <TextField
              label="Title"
              name="termsTitle"
              value={values.termsTitle}
              error={errors.termsTitle}
              onChange={(e) => setValues({ ...values, termsTitle: e.target.value })}
            />
            <div className="field">
              <label htmlFor="terms-content">Terms text</label>
              <textarea
                id="terms-content"
                name="termsContent"
                className="field-control"
                rows={10}
                value={values.termsContent}
                aria-invalid={!!errors.termsContent || undefined}
                aria-describedby={errors.termsContent ? 'terms-content-error' : undefined}
                onChange={(e) => setValues({ ...values, termsContent: e.target.value })}
              />
              {errors.termsContent && (
                <span id="terms-content-error" className="field-error">
                  {errors.termsContent}
                </span>
              )}
            </div>
            {publish.error && <Alert>{publish.error}</Alert>}
            <div className="row">
              <Button type="submit" busy={publish.running}>
                Publish now
              </Button>
            </div>
          </form>
        </Card>
        <Loadable loading={versions.loading && !versions.data} error={versions.error} onRetry={() => versions.run()}>
          {() => (
            <DataTable
              caption="Published versions"
              rows={versions.data ?? []}
              rowKey={(r) => r.tcVersionId}
              columns={[
                {
                  header: 'Version',
                  cell: (r) => (
                    <>
                      {r.version} {r.inForce && <Badge tone="success">In force</Badge>}
                    </>
                  ),
                },
                { header: 'Title', cell: (r) => r.title },
                { header: 'Published', cell: (r) => formatDateTime(r.publishedAt) },
                { header: 'Accepted', cell: (r) => r.acceptedCount },
                { header: 'Declined', cell: (r) => r.declinedCount },
              ]}
            />
          )}
        </Loadable>
      </div>
    </StaffShell>
  );
}
