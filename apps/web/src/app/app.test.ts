import { describe, expect, it, vi } from 'vitest';
import { planLoginBack } from './back.ts';
import { createActivityGate } from './gate.ts';
import { jump, planJump } from './jump.ts';
import { href, isMoneyRoute, PATHS } from './paths.ts';

describe('jump', () => {
  it('switches tabs with replace for every tab destination', () => {
    for (const target of [
      '/',
      '/pages/daogame/index',
      '/pages/chatroom/index',
      '/pages/market/index',
      '/pages/home/index',
    ]) {
      const navigate = vi.fn();
      jump(navigate, '/pages/user/agreement/index', target);
      expect(navigate).toHaveBeenCalledWith(target, { replace: true });
    }
  });

  it('treats the long activity-home path as the home tab', () => {
    expect(planJump('/pages/home/index', '/pages/activity/index/index')).toEqual({ kind: 'tab', to: '/' });
    expect(planJump('/', '/pages/activity/index/index')).toEqual({ kind: 'none' });
  });

  it('pushes other pages onto the history', () => {
    const navigate = vi.fn();
    jump(navigate, '/', '/pages/user/login/index');
    expect(navigate).toHaveBeenCalledWith('/pages/user/login/index');
  });

  it('keeps the query of a normal page', () => {
    expect(planJump('/', '/pages/activity/details/index?id=7')).toEqual({
      kind: 'push',
      to: '/pages/activity/details/index?id=7',
    });
  });

  it('does nothing when the target is the current page', () => {
    const navigate = vi.fn();
    expect(jump(navigate, '/pages/home/index', '/pages/home/index').kind).toBe('none');
    expect(jump(navigate, '/pages/home/index?x=1', '/pages/home/index').kind).toBe('none');
    expect(jump(navigate, '/pages/user/login/index', '/pages/user/login/index').kind).toBe('none');
    expect(jump(navigate, '/pages/activity/details/index?id=7', '/pages/activity/details/index?id=7').kind).toBe(
      'none',
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('still opens the same page with another query', () => {
    expect(planJump('/pages/activity/details/index?id=7', '/pages/activity/details/index?id=8').kind).toBe('push');
  });
});

describe('back from login', () => {
  it('goes to the activity home when the previous page was the Me tab', () => {
    expect(planLoginBack(PATHS.me, true)).toEqual({ kind: 'home' });
  });
  it('goes back one step otherwise', () => {
    expect(planLoginBack('/pages/chatroom/index', true)).toEqual({ kind: 'back' });
  });
  it('goes to the activity home when there is no history', () => {
    expect(planLoginBack(undefined, false)).toEqual({ kind: 'home' });
  });
});

describe('money routes', () => {
  it('covers market, wallet pages, red envelopes, bounties and the DAO game', () => {
    for (const path of [
      '/pages/market/index',
      '/pages/market/detail/index',
      '/pages/home/transfer/index',
      '/pages/home/assets/details/records-more/index',
      '/pages/red-envelope/password/share/index',
      '/pages/bounty/bounty-create/index',
      '/pages/daogame/rank/index',
    ]) {
      expect(isMoneyRoute(path), path).toBe(true);
    }
  });
  it('leaves the Me tab and everything else alone', () => {
    for (const path of [
      '/pages/home/index',
      '/',
      '/pages/chatroom/index',
      '/pages/user/login/index',
      '/pages/my/index',
    ]) {
      expect(isMoneyRoute(path), path).toBe(false);
    }
  });
});

describe('create-activity gate', () => {
  const user = { uid: '1', uuid: 'u', token: 't' };
  it('asks a guest to log in', () => {
    expect(createActivityGate({ loginStatus: false, userInfo: null })).toBe('login');
  });
  it('asks for a profile name when there is none', () => {
    expect(createActivityGate({ loginStatus: true, userInfo: { ...user, uname: null, openName: null } })).toBe(
      'profile',
    );
  });
  it('lets a user with a name create', () => {
    expect(createActivityGate({ loginStatus: true, userInfo: { ...user, uname: null, openName: 'Ada' } })).toBe(
      'create',
    );
  });
});

describe('href', () => {
  it('puts the query after the path, encoded, and leaves out what is missing', () => {
    expect(href(PATHS.activityDetails, { id: 'Ab3', invite: undefined })).toBe('/pages/activity/details/index?id=Ab3');
    expect(href(PATHS.openLocation, { lat: 25.033, name: 'Taipei · No. 7' })).toBe(
      '/open-location?lat=25.033&name=Taipei+%C2%B7+No.+7',
    );
    expect(new URLSearchParams(href(PATHS.openLocation, { name: 'a&b=c' }).split('?')[1]).get('name')).toBe('a&b=c');
  });
  it('is the bare path without a query', () => {
    expect(href(PATHS.me)).toBe('/pages/home/index');
    expect(href(PATHS.myCalendar, { view: null })).toBe('/pages/activity/my/calendar/home/index');
  });
});
