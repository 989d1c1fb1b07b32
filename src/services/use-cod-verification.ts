import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  API_COD_VERIFICATION,
  type OrderVerification,
  type VerificationSettingsAnswer,
} from '../domain/cod-verification-contract';
import type { VerificationSettingsInput } from '../domain/schemas/cod-verification';
import { codVerificationPanelMachine } from '../machines/cod-verification-panel.machine';
import { codVerificationSettingsMachine } from '../machines/cod-verification-settings.machine';
import { invalidate } from './invalidate';
import { call } from './call';
import { inspector } from './inspector';
import { orderLiveUpdates } from './live-stream-reader';
import { notify } from './notify';
import { useHttp } from './screen-services';

// COD verification's calls bound to the app's HTTP client, and its two machines bound to them:
// the settings page and the order page's panel. An override makes the order shippable, so the
// order's page reads it again.

export function useCodVerificationCalls() {
  const http = useHttp();
  return useMemo(
    () => ({
      fetchSettings: () => call(http, API_COD_VERIFICATION.settings),
      saveSettings: (body: VerificationSettingsInput) => call(http, API_COD_VERIFICATION.saveSettings, { body }),
      fetchOrder: (orderId: number) => call(http, API_COD_VERIFICATION.order, { params: { orderId } }),
      resend: (orderId: number) => call(http, API_COD_VERIFICATION.resend, { params: { orderId } }),
      override: async (orderId: number) => {
        const out = await call(http, API_COD_VERIFICATION.override, { params: { orderId } });
        invalidate('order', 'orders');
        return out;
      },
    }),
    [http],
  );
}

export function useCodVerificationSettings() {
  const calls = useCodVerificationCalls();
  const [machine] = useState(() =>
    codVerificationSettingsMachine.provide({
      actors: {
        load: fromPromise<VerificationSettingsAnswer>(() => calls.fetchSettings()),
        save: fromPromise(({ input }: { input: VerificationSettingsInput }) => calls.saveSettings(input)),
      },
      actions: { saved: () => notify({ kind: 'info', message: 'COD verification settings saved' }) },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}

export function useCodVerificationPanel(orderId: number) {
  const calls = useCodVerificationCalls();
  const [machine] = useState(() => {
    const byOrder = (run: (orderId: number) => Promise<OrderVerification>) =>
      fromPromise(({ input }: { input: { orderId: number } }) => run(input.orderId));
    return codVerificationPanelMachine.provide({
      actors: {
        load: byOrder(calls.fetchOrder),
        resend: byOrder(calls.resend),
        override: byOrder(calls.override),
        liveUpdates: orderLiveUpdates,
      },
    });
  });
  return useMachine(machine, { input: { orderId }, inspect: inspector() });
}
