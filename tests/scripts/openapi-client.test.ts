import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument, ROOT } from '../../scripts/openapi-document';
import { CONTRACT_MODULES } from '../../server/http/named-schemas';

// A client generated from the OpenAPI document (openapi-typescript, as an outside developer would)
// knows a refusal's body and an answer's known sets of values: a scenario written against the
// generated types compiles, and one that gets them wrong does not.

const dir = mkdtempSync(join(tmpdir(), 'dakiya-openapi-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The TypeScript compiler's errors on the scenario, beside the generated api.d.ts. */
function compile(scenario: string): string[] {
  const file = join(dir, `scenario-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(file, scenario);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const HEAD = `
import type { components, paths } from './api';
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <T extends true>(): T | undefined => undefined;
type Login = paths['/api/v1/auth/login']['post'];
type EditBankAccount = paths['/api/v1/bank/accounts/{bankAccountId}']['put'];
`;

describe('a client generated from the OpenAPI document', () => {
  it('types a refusal’s body, an enum answer field, and the login’s headers', async () => {
    writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(openApiDocument() as never)));
    const errors = compile(`${HEAD}
// every refusal is { errorMessage }, named once
same<Same<components['schemas']['ErrorAnswer'], { errorMessage: string }>>();
same<Same<Login['responses'][401]['content']['application/json'], { errorMessage: string }>>();
same<Same<EditBankAccount['responses'][404]['content']['application/json'], { errorMessage: string }>>();
const refusal: EditBankAccount['responses'][400]['content']['application/json'] = { errorMessage: 'IFSC is not valid' };
const shown: string = refusal.errorMessage;
// a known set of values is a union, not any text
type Row = EditBankAccount['responses'][200]['content']['application/json']['data'];
same<Same<Row, components['schemas']['BankAccountRow']>>();
same<Same<Row['status'], 'UNVERIFIED' | 'VERIFIED' | 'NAME_MISMATCH' | 'INVALID'>>();
// the login: its OTP header, and the step its 401 names
const otp: NonNullable<Login['parameters']['header']>['X-Login-OTP'] = '123456';
same<Same<Login['responses'][401]['headers']['X-Login-Step'], 'otp' | undefined>>();
export { shown, otp };
`);
    expect(errors).toEqual([]);
    // the same scenario with the types wrong does not compile
    const wrong = compile(`${HEAD}
const refusal: EditBankAccount['responses'][400]['content']['application/json'] = { errorMessage: undefined };
const status: EditBankAccount['responses'][200]['content']['application/json']['data']['status'] = 'SHIPPED';
export { refusal, status };
`);
    expect(wrong).toHaveLength(2);
  }, 120_000);

  it('names every contract’s schemas: each src/domain/*-contract.ts is in the registry', () => {
    const contracts = readdirSync(join(ROOT, 'src/domain'))
      .filter((f) => f.endsWith('-contract.ts'))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(Object.keys(CONTRACT_MODULES).sort()).toEqual(contracts.sort());
  });

  it('refers to every named answer with $ref to components.schemas', () => {
    const doc = openApiDocument() as {
      components: { schemas: Record<string, unknown> };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['ErrorAnswer', 'BankAccountRow']));
    const text = JSON.stringify(doc.paths);
    expect(text).not.toContain('$defs');
    for (const ops of Object.values(doc.paths))
      for (const op of Object.values(ops))
        for (const [status, answer] of Object.entries(op.responses))
          if (Number(status) >= 400)
            expect(answer).toMatchObject({
              headers: { 'X-Error-Message': { $ref: '#/components/headers/X-Error-Message' } },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
            });
  });
});
