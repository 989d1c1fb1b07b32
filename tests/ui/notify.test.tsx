// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissNotice, notify, NotificationBanner } from '../../src/services/notify';

describe('NotificationBanner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => dismissNotice());
    cleanup();
    vi.useRealTimers();
  });

  it('shows an error as a red alert with the detail after " > " and hides it after 5 s', () => {
    render(<NotificationBanner />);
    expect(screen.queryByTestId('notification')).toBeNull();
    act(() => notify({ kind: 'error', message: 'Upload failed', detail: 'row 4' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Upload failed > row 4');
    expect(alert.className).toContain('banner-error');
    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows info as a blue status that the close button dismisses', () => {
    render(<NotificationBanner />);
    act(() => notify({ kind: 'info', message: 'Password changed successfully' }));
    const status = screen.getByRole('status');
    expect(status.className).toContain('banner-info');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a new message replaces the old one and restarts the timer', () => {
    render(<NotificationBanner />);
    act(() => notify({ kind: 'error', message: 'First' }));
    act(() => vi.advanceTimersByTime(4_000));
    act(() => notify({ kind: 'info', message: 'Second' }));
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.getByRole('status').textContent).toContain('Second');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
