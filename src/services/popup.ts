// Named popup windows (the seller panel staff open, later the payment popup).

export function openPopup(url: string, name: string, width: number, height: number): Window | null {
  const left = Math.max(0, Math.round((window.screen.width - width) / 2));
  const top = Math.max(0, Math.round((window.screen.height - height) / 2));
  return window.open(url, name, `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
}

/** Closes this window when a script opened it (the seller panel); otherwise nothing happens. */
export function closeThisPopup(): void {
  if (window.opener) window.close();
}
