import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  carouselReducer,
  initialCarousel,
  isPlaying,
  keyAction,
  scheduleAutoplay,
  SLIDE_INTERVAL_MS,
  type CarouselAction,
  type CarouselState,
} from '../../src/home/carousel';

const run = (state: CarouselState, ...actions: CarouselAction[]) => actions.reduce(carouselReducer, state);

/** Drives the reducer with the real scheduler, as the hero's effect does: one timer per state. */
function autoplay(start: CarouselState) {
  let state = start;
  let cancel = () => {};
  const arm = () => {
    cancel();
    cancel = scheduleAutoplay(state, () => dispatch({ type: 'tick' }));
  };
  const dispatch = (action: CarouselAction) => {
    state = carouselReducer(state, action);
    arm();
  };
  arm();
  return { dispatch, get index() { return state.index; }, get state() { return state; } };
}

describe('hero carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('advances every 8000 ms, not before, and wraps after the third car', () => {
    const hero = autoplay(initialCarousel(3));
    vi.advanceTimersByTime(SLIDE_INTERVAL_MS - 1);
    expect(hero.index).toBe(0);
    vi.advanceTimersByTime(1);
    expect(hero.index).toBe(1);
    vi.advanceTimersByTime(SLIDE_INTERVAL_MS);
    expect(hero.index).toBe(2);
    vi.advanceTimersByTime(SLIDE_INTERVAL_MS);
    expect(hero.index).toBe(0);
  });

  it('restarts the full interval after a manual change', () => {
    const hero = autoplay(initialCarousel(3));
    vi.advanceTimersByTime(6000);
    hero.dispatch({ type: 'next' });
    vi.advanceTimersByTime(6000);
    expect(hero.index).toBe(1);
    vi.advanceTimersByTime(2000);
    expect(hero.index).toBe(2);
  });

  it('stops while paused by Space, hovered or focused, and resumes after', () => {
    const hero = autoplay(initialCarousel(3));
    hero.dispatch(keyAction(' ', 'ltr')!);
    vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3);
    expect(hero.index).toBe(0);
    hero.dispatch(keyAction(' ', 'ltr')!);
    hero.dispatch({ type: 'hover', inside: true });
    vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 2);
    expect(hero.index).toBe(0);
    hero.dispatch({ type: 'hover', inside: false });
    hero.dispatch({ type: 'focus', inside: true });
    vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 2);
    expect(hero.index).toBe(0);
    hero.dispatch({ type: 'focus', inside: false });
    vi.advanceTimersByTime(SLIDE_INTERVAL_MS);
    expect(hero.index).toBe(1);
  });

  it('never plays by itself for visitors who prefer reduced motion, but still changes on request', () => {
    const hero = autoplay(initialCarousel(3, true));
    expect(isPlaying(hero.state)).toBe(false);
    vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 4);
    expect(hero.index).toBe(0);
    hero.dispatch(keyAction('ArrowRight', 'ltr')!);
    expect(hero.index).toBe(1);
  });

  it('arrow keys wrap both ways, mirrored for right-to-left', () => {
    expect(run(initialCarousel(3), keyAction('ArrowLeft', 'ltr')!).index).toBe(2);
    expect(run(initialCarousel(3), keyAction('ArrowRight', 'ltr')!, keyAction('ArrowRight', 'ltr')!, keyAction('ArrowRight', 'ltr')!).index).toBe(0);
    expect(run(initialCarousel(3), keyAction('ArrowLeft', 'rtl')!).index).toBe(1);
    expect(keyAction('Enter', 'ltr')).toBeNull();
  });

  it('ignores a timer that fires after a pause', () => {
    const paused = run(initialCarousel(3), { type: 'togglePause' });
    expect(run(paused, { type: 'tick' }).index).toBe(0);
    expect(run(initialCarousel(3), { type: 'tick' }).index).toBe(1);
    expect(run(initialCarousel(3), { type: 'goTo', index: 5 }).index).toBe(2);
  });
});
