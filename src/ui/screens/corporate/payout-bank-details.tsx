import { API_COD } from '../../../domain/cod-contract';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Button, Card } from '../../kit';

// The whole bank account a payout goes to, for the staff who make the transfer: shown only when
// asked (each reveal is kept in the audit log), so the page otherwise carries the masked label only.

export function PayoutBankDetailsCard({ payoutId }: { payoutId: number }) {
  const reveal = useOperation(API_COD.bankDetails, { params: { payoutId } });
  const d = reveal.data;
  return (
    <Card className="stack" aria-labelledby="bank-details-heading">
      <h2 id="bank-details-heading">Bank details for the transfer</h2>
      {d ? (
        <dl className="facts">
          <dt>Account holder</dt>
          <dd>{d.holderName}</dd>
          <dt>Account number</dt>
          <dd className="awb">{d.accountNumber}</dd>
          <dt>IFSC</dt>
          <dd className="awb">{d.ifsc}</dd>
          <dt>Bank</dt>
          <dd>{d.bankName}</dd>
          <dt>Branch</dt>
          <dd>{d.branch ?? '—'}</dd>
        </dl>
      ) : (
        <>
          <p className="muted">Showing the full account number is kept in the audit log under your name.</p>
          <Button variant="secondary" busy={reveal.running} onClick={() => reveal.run()}>
            Show full bank details
          </Button>
        </>
      )}
      {reveal.error && <Alert>{reveal.error}</Alert>}
    </Card>
  );
}
