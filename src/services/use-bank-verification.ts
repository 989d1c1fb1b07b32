import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import { fromPromise } from 'xstate';
import { API_BANK, type BankAccountRow, type BankChange } from '../domain/bank-contract';
import type { BankAccountForm } from '../domain/schemas/bank';
import { bankChangeMachine, type BankChangeRequest } from '../machines/bank-change.machine';
import { bankVerificationMachine, type SaveBankAccount } from '../machines/bank-verification.machine';
import { otpTimerMachine } from '../machines/otp-timer.machine';
import { call } from './call';
import { inspector } from './inspector';
import { useHttp } from './screen-services';
import type { Http } from './types';

// The bank accounts' flows bound to the bank API: adding and verifying one account (its "make
// primary" step runs the bank-change machine as its child), and a change from the list (make
// primary, remove), each with the owner's OTP sent through the otp-timer machine when needed.

const randomKey = () =>
  globalThis.crypto?.randomUUID?.().replace(/-/g, '') ??
  `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

/** A new account is added; one not yet verified is corrected in place. */
const saveAccount = (http: Http, bankAccountId: number | null, form: BankAccountForm) =>
  bankAccountId === null
    ? call(http, API_BANK.details, { body: form })
    : call(http, API_BANK.account, { params: { bankAccountId }, body: form });

const applyChange = (http: Http, input: BankChangeRequest) =>
  call(http, input.change === 'PRIMARY' ? API_BANK.primary : API_BANK.remove, {
    params: { bankAccountId: input.bankAccountId },
    body: input.otp ? { otp: input.otp } : {},
  });

function useBankChangeMachine() {
  const http = useHttp();
  const [machine] = useState(() =>
    bankChangeMachine.provide({
      actors: {
        applyChange: fromPromise(({ input }: { input: BankChangeRequest }) => applyChange(http, input)),
        otpTimer: otpTimerMachine.provide({
          actors: { send: fromPromise(async () => (await call(http, API_BANK.changeOtp)).message) },
        }),
      },
    }),
  );
  return machine;
}

export function useBankVerification(account: BankAccountRow | null, primaryNeedsOtp: boolean) {
  const http = useHttp();
  const change = useBankChangeMachine();
  const [machine] = useState(() =>
    bankVerificationMachine.provide({
      actors: {
        lookupIfsc: fromPromise(({ input }: { input: { ifsc: string } }) =>
          call(http, API_BANK.ifsc, { params: { ifsc: input.ifsc.replace(/[^A-Za-z0-9]/g, '') } }),
        ),
        saveAccount: fromPromise(({ input }: { input: SaveBankAccount }) =>
          saveAccount(http, input.bankAccountId, input.form),
        ),
        verifyAccount: fromPromise(({ input }: { input: { bankAccountId: number; requestKey: string } }) =>
          call(http, API_BANK.verify, { body: input }),
        ),
        bankChange: change,
      },
    }),
  );
  const [snapshot, send, actor] = useMachine(machine, {
    inspect: inspector(),
    input: { primaryNeedsOtp, keySeed: randomKey() },
  });
  useOnce(actor, () => actor.send({ type: 'OPEN', account }));
  return [snapshot, send, actor] as const;
}

export function useBankChange(change: BankChange, bankAccountId: number, needsOtp: boolean) {
  const machine = useBankChangeMachine();
  const [snapshot, send, actor] = useMachine(machine, { inspect: inspector(), input: { change, bankAccountId } });
  useOnce(actor, () => actor.send({ type: 'START', needsOtp }));
  return [snapshot, send, actor] as const;
}

/** Sends an actor its first event once it runs (once per actor, also when React mounts twice). */
function useOnce(actor: AnyActorRef, start: () => void) {
  const started = useRef<AnyActorRef | null>(null);
  const latest = useRef(start);
  latest.current = start;
  useEffect(() => {
    if (started.current === actor) return;
    started.current = actor;
    latest.current();
  }, [actor]);
}
