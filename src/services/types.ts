import type { AccessClaims, AccountInfo } from '../domain/account-contract';

// Contracts the screens code against. src/services/http.ts and src/services/session-context.tsx
// implement them; screens never call fetch or ky themselves.

/** A failed API call: the status and the text to show (spec section 8 rule). */
export interface ApiFailure {
  status: number; // 0 when offline or the network failed
  message: string;
  /** the next step the server asks for (header X-Login-Step): 'otp' when a login needs the code sent */
  step?: string;
  /** a refusal for want of money: the recharge (paise) that lets the action through (header X-Recharge-Paise) */
  rechargePaise?: number;
}

export interface Http {
  get<T>(path: string, searchParams?: Record<string, string | number | boolean | undefined>): Promise<T>;
  /** keepalive: the request outlives the page (a reload or a link followed right after it) */
  post<T>(path: string, json?: unknown, options?: { keepalive?: boolean }): Promise<T>;
  put<T>(path: string, json?: unknown): Promise<T>;
  delete<T>(path: string, json?: unknown): Promise<T>;
  upload<T>(path: string, form: FormData): Promise<T>;
  /** an authenticated file download (CSV exports, error files) */
  download(path: string, searchParams?: Record<string, string | number | boolean | undefined>): Promise<Blob>;
  /** a file made from a request body (labels or invoices of chosen orders) */
  downloadPost(path: string, json: unknown): Promise<Blob>;
  /** a multipart upload that reports its bytes as they go; abort through the signal */
  uploadWithProgress<T>(
    path: string,
    form: FormData,
    onProgress: (loaded: number, total: number) => void,
    signal?: AbortSignal,
  ): Promise<T>;
}

export interface SessionView {
  /** checking: a refresh is being tried on first load */
  status: 'checking' | 'anonymous' | 'authenticated';
  claims: AccessClaims | null;
  account: AccountInfo | null;
  logout(message?: string): void;
  /** re-read account info (after a profile change, a recharge, …) */
  reloadAccount(): void;
}
