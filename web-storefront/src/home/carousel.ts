/** The spec's hero timing: a new slide every 8000 ms, a 1000 ms transition. */
export const SLIDE_INTERVAL_MS = 8000;
export const SLIDE_TRANSITION_MS = 1000;

export interface CarouselState {
  index: number;
  count: number;
  /** Paused by the visitor (Space or the pause button) until they play it again. */
  pausedByVisitor: boolean;
  hovered: boolean;
  focused: boolean;
  prefersReducedMotion: boolean;
}

export type CarouselAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goTo'; index: number }
  | { type: 'togglePause' }
  | { type: 'hover'; inside: boolean }
  | { type: 'focus'; inside: boolean }
  | { type: 'reducedMotion'; prefers: boolean }
  /** The autoplay timer fired. */
  | { type: 'tick' };

export const initialCarousel = (count: number, prefersReducedMotion = false): CarouselState => ({
  index: 0,
  count,
  pausedByVisitor: false,
  hovered: false,
  focused: false,
  prefersReducedMotion,
});

const wrap = (index: number, count: number) => ((index % count) + count) % count;

/** Autoplay runs only when nobody paused it, reads it (hover or focus), or asked for less motion. */
export const isPlaying = (state: CarouselState) =>
  state.count > 1 && !state.pausedByVisitor && !state.hovered && !state.focused && !state.prefersReducedMotion;

export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  switch (action.type) {
    case 'next':
      return { ...state, index: wrap(state.index + 1, state.count) };
    case 'previous':
      return { ...state, index: wrap(state.index - 1, state.count) };
    case 'goTo':
      return { ...state, index: wrap(action.index, state.count) };
    case 'togglePause':
      return { ...state, pausedByVisitor: !state.pausedByVisitor };
    case 'hover':
      return { ...state, hovered: action.inside };
    case 'focus':
      return { ...state, focused: action.inside };
    case 'reducedMotion':
      return { ...state, prefersReducedMotion: action.prefers };
    case 'tick':
      // A timer that fires after the carousel was paused changes nothing.
      return isPlaying(state) ? { ...state, index: wrap(state.index + 1, state.count) } : state;
  }
}

/**
 * Arms the next automatic advance for this state: one timer per shown slide, so a manual change restarts the
 * full interval. Returns the cancel function (an effect's cleanup).
 */
export function scheduleAutoplay(state: CarouselState, onTick: () => void): () => void {
  if (!isPlaying(state)) return () => undefined;
  const timer = setTimeout(onTick, SLIDE_INTERVAL_MS);
  return () => clearTimeout(timer);
}

/** The hero's keys: arrows change slide (mirrored right to left), Space pauses; null for any other key. */
export function keyAction(key: string, direction: 'ltr' | 'rtl'): CarouselAction | null {
  const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const backward = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return { type: 'next' };
  if (key === backward) return { type: 'previous' };
  if (key === ' ' || key === 'Spacebar') return { type: 'togglePause' };
  return null;
}
