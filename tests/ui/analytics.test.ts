// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  ANALYTICS_EVENTS,
  configuredContainerId,
  startAnalytics,
  TAG_MANAGER_URL,
  trackEvent,
  trackPageView,
} from '../../src/services/analytics';

afterEach(() => {
  delete window.dataLayer;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('analytics', () => {
  it('loads nothing without a container id, yet keeps page views and events in the data layer', () => {
    expect(configuredContainerId(undefined)).toBeNull();
    expect(configuredContainerId('')).toBeNull();
    expect(configuredContainerId('<script>')).toBeNull();
    expect(startAnalytics(null)).toBe(false);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    trackPageView('/login');
    trackEvent(ANALYTICS_EVENTS.login);
    expect(window.dataLayer).toEqual([{ event: 'page_view', page_path: '/login' }, { event: 'login' }]);
  });

  it('the test build has no container id, so nothing leaves the machine', () => {
    expect(configuredContainerId()).toBeNull();
  });

  it('with a container id, loads the tag manager once and starts the layer', () => {
    expect(configuredContainerId(' GTM-AB12CD3 ')).toBe('GTM-AB12CD3');
    expect(startAnalytics('GTM-AB12CD3')).toBe(true);
    expect(startAnalytics('GTM-AB12CD3')).toBe(true);
    const scripts = document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0].src).toBe(`${TAG_MANAGER_URL}?id=GTM-AB12CD3`);
    expect(scripts[0].async).toBe(true);
    expect(window.dataLayer![0]).toMatchObject({ event: 'gtm.js' });
  });

  it('names the three events of the spec', () => {
    expect(Object.values(ANALYTICS_EVENTS).sort()).toEqual(['New Signup', 'Sign up', 'login']);
  });
});
