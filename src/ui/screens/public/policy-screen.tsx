import { pathOf } from '../../../domain/operation';
import { API_POLICIES } from '../../../domain/policies-contract';
import { formatDate } from '../../../domain/format';
import { POLICIES, type PolicyName } from '../../../domain/policies';
import { buttonClass } from '../../kit';
import { PublicFrame } from './public-frame';

// /terms_conditions, /privacy_policy, /refund_policy: the text from src/domain/policies.ts and a
// download button for the same text as a PDF, which the server generates, in a new tab.

export function PolicyScreen({ name }: { name: PolicyName }) {
  const policy = POLICIES[name];
  return (
    <PublicFrame narrow>
      <article>
        <div className="page-head">
          <h1>{policy.title}</h1>
          <p>Last updated {formatDate(policy.updated)}</p>
        </div>
        <p>
          <a
            className={buttonClass('secondary')}
            href={pathOf(API_POLICIES.pdf, { file: `${name}.pdf` })}
            target="_blank"
            rel="noopener"
          >
            Download PDF<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
        {policy.sections.map((s) => (
          <section key={s.heading}>
            <h2>{s.heading}</h2>
            {s.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
      </article>
    </PublicFrame>
  );
}
