import type { AppPage } from './browser.js';

/** A point on the screen, in CSS px. */
export interface Point {
  x: number;
  y: number;
}

/** Fingers on the phone's touch screen. */
export interface TouchScreen {
  start(points: readonly Point[]): Promise<void>;
  move(points: readonly Point[]): Promise<void>;
  end(): Promise<void>;
  /** One finger down at `from`, moved in `steps` to `to`, and lifted. */
  swipe(from: Point, to: Point, steps?: number): Promise<void>;
  /** A tap: one finger down and up at `at`. */
  tap(at: Point): Promise<void>;
}

/**
 * The phone's touch screen, through the DevTools protocol (`Input.dispatchTouchEvent`): real
 * touch input, which the page receives as touch and pointer events, as from a finger.
 */
export async function touchScreen(app: AppPage): Promise<TouchScreen> {
  const session = await app.context.newCDPSession(app.page);
  const send = async (type: 'touchStart' | 'touchMove' | 'touchEnd', points: readonly Point[]) => {
    await session.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: points.map((point, id) => ({ x: point.x, y: point.y, id })),
    });
  };
  const fingers: TouchScreen = {
    start: (points: readonly Point[]) => send('touchStart', points),
    move: (points: readonly Point[]) => send('touchMove', points),
    end: () => send('touchEnd', []),
    async swipe(from: Point, to: Point, steps = 8) {
      await fingers.start([from]);
      for (let step = 1; step <= steps; step++) {
        const share = step / steps;
        await fingers.move([
          { x: from.x + (to.x - from.x) * share, y: from.y + (to.y - from.y) * share },
        ]);
      }
      await fingers.end();
    },
    async tap(at: Point) {
      await fingers.start([at]);
      await fingers.end();
    },
  };
  return fingers;
}
