// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SignupFeedback } from '../../src/ui/screens/login/signup-feedback';
import { API_SIGNUP_FEEDBACK, SIGNUP_FEEDBACK_MSG } from '../../src/domain/signup-feedback';

// The sign-up page's feedback block with its real machine; only fetch is replaced.

const calls: { path: string; body: unknown }[] = [];
function serve(answers: Response[]) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    calls.push({ path: new URL(request.url).pathname, body: JSON.parse(await request.text()) });
    return answers.shift() ?? new Response('{}', { status: 500 });
  });
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('sign-up feedback block', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    calls.length = 0;
  });

  it('keeps send shut and says why until a rating is chosen, then sends the rating and trimmed message once', async () => {
    serve([json(429, { errorMessage: SIGNUP_FEEDBACK_MSG.tooMany }), json(200, { data: { received: true } })]);
    render(<SignupFeedback />);
    const sendButton = screen.getByRole('button', { name: 'Send feedback' });
    expect(sendButton).toHaveProperty('disabled', true);
    expect(screen.getByText(SIGNUP_FEEDBACK_MSG.chooseRating)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '8 out of 10' }));
    expect(screen.getByRole('button', { name: '8 out of 10' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('8 out of 10')).toBeTruthy();
    expect(sendButton).toHaveProperty('disabled', false);
    fireEvent.change(screen.getByLabelText('Message (optional)'), { target: { value: '  OTP came late  ' } });
    fireEvent.click(sendButton);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', SIGNUP_FEEDBACK_MSG.tooMany);
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText(SIGNUP_FEEDBACK_MSG.thanks)).toBeTruthy();
    expect(calls).toHaveLength(2);
    expect(calls[0].path).toBe(API_SIGNUP_FEEDBACK.send.path);
    expect(calls[0].body).toMatchObject({ rating: 8, message: 'OTP came late' });
    // the retry is the same submission, so the server stores it once
    expect(calls[1].body).toEqual(calls[0].body);
  });
});
