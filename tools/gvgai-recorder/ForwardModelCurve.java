package core.game;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Random;
import ontology.Types;

// GVGAI's side of `vgdl bench --curve`: advances per CPU second in windows of ticks over whole
// random episodes from the level's initial state (each with a uniformly random action of
// getAvailableActions()), after a JIT warm-up, so that a cost that grows as a game goes on can
// be set beside the engine's, window by window. Prints one line a window: its first tick, the
// episodes that reached it, advances per CPU second over them, and the advances played in it
// (so that a whole-episode rate can be summed over the windows, as scripts/bench-all does).
//
// usage: ForwardModelCurve game.txt level.txt warmup_s seconds window
// (compiled together with ForwardModelBench.java, whose initialState it uses)
public class ForwardModelCurve {
  static final int SEED = ForwardModelBench.SEED;
  static final int MAX_WINDOWS = 2001;

  public static void main(String[] args) throws Exception {
    if (args.length != 5) {
      System.err.println("usage: ForwardModelCurve game.txt level.txt warmup_s seconds window");
      System.exit(2);
    }
    StateObservation initial = ForwardModelBench.initialState(args[0], args[1]);
    int window = Integer.parseInt(args[4]);
    Random actions = new Random(SEED);
    play(initial, Double.parseDouble(args[2]), window, actions, null, null, null);
    long[] advances = new long[MAX_WINDOWS];
    long[] nanos = new long[MAX_WINDOWS];
    int[] episodes = new int[MAX_WINDOWS];
    int played = play(initial, Double.parseDouble(args[3]), window, actions, advances, nanos, episodes);
    System.out.printf("episodes %d%n", played);
    for (int w = 0; w < MAX_WINDOWS && episodes[w] > 0; ++w) {
      System.out.printf("%d %d %.0f %d%n", w * window, episodes[w], advances[w] / (nanos[w] * 1e-9),
          advances[w]);
    }
  }

  // Whole episodes until `seconds` of this thread's CPU time have passed; returns how many.
  static int play(StateObservation initial, double seconds, int window, Random actions,
                  long[] advances, long[] nanos, int[] episodes) {
    ThreadMXBean clock = ManagementFactory.getThreadMXBean();
    long start = clock.getCurrentThreadCpuTime();
    int played = 0;
    do {
      StateObservation state = initial.copy();
      for (int w = 0; !state.isGameOver() && w < MAX_WINDOWS; ++w) {
        long before = clock.getCurrentThreadCpuTime();
        int n = 0;
        for (; n < window && !state.isGameOver(); ++n) {
          ArrayList<Types.ACTIONS> available = state.getAvailableActions();
          state.advance(available.isEmpty()
                  ? Types.ACTIONS.ACTION_NIL
                  : available.get(actions.nextInt(available.size())));
        }
        if (advances == null) continue;
        advances[w] += n;
        nanos[w] += clock.getCurrentThreadCpuTime() - before;
        ++episodes[w];
      }
      ++played;
    } while (clock.getCurrentThreadCpuTime() - start < seconds * 1e9);
    return played;
  }
}
