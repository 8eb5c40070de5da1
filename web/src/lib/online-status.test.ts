import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createOnlineStatus, OFFLINE_SHELL_META } from './online-status';

function setUp(onLine: boolean, openedOffline: boolean) {
  const events = new EventTarget();
  const browser = { onLine };
  const status = createOnlineStatus({ events, browser, openedOffline });
  const listener = vi.fn();
  const unsubscribe = status.subscribe(listener);
  const goOnline = () => {
    browser.onLine = true;
    events.dispatchEvent(new Event('online'));
  };
  const goOffline = () => {
    browser.onLine = false;
    events.dispatchEvent(new Event('offline'));
  };
  return { status, listener, unsubscribe, goOnline, goOffline };
}

describe('online status', () => {
  it('follows the browser when the page loaded from the network', () => {
    const { status, listener, goOnline, goOffline } = setUp(true, false);
    expect(status.get()).toBe(true);
    goOffline();
    expect(status.get()).toBe(false);
    goOnline();
    expect(status.get()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('is offline when the browser says so at load, before any event', () => {
    expect(setUp(false, false).status.get()).toBe(false);
  });

  it('is offline on the offline shell although navigator.onLine says true, until the server answers', () => {
    const { status, listener } = setUp(true, true);
    expect(status.get()).toBe(false);
    status.reached();
    expect(status.get()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    // Once online, answers change nothing and wake no one.
    status.reached();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('leaves the offline shell behind when the browser comes online', () => {
    const { status, goOnline } = setUp(false, true);
    expect(status.get()).toBe(false);
    goOnline();
    expect(status.get()).toBe(true);
  });

  it('stops listening to the browser when the last subscriber leaves', () => {
    const { listener, unsubscribe, goOffline } = setUp(true, false);
    unsubscribe();
    goOffline();
    expect(listener).not.toHaveBeenCalled();
  });

  it('outside a browser it is online', () => {
    expect(createOnlineStatus({ openedOffline: false }).get()).toBe(true);
  });

  it('reads the same mark the service worker writes into the offline shell', () => {
    const worker = fs.readFileSync(new URL('../../public/sw.js', import.meta.url), 'utf8');
    expect(worker).toContain(`<meta name="${OFFLINE_SHELL_META}"`);
  });
});
