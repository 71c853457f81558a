package core.game;

import core.player.AbstractPlayer;
import core.player.Player;
import core.vgdl.VGDLFactory;
import core.vgdl.VGDLParser;
import core.vgdl.VGDLRegistry;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Random;
import ontology.Types;
import tools.ElapsedCpuTimer;

// GVGAI's forward-model speed on this machine, measured as ../shared/gvgai/BENCH.md measured
// it: advances per CPU second of advance() chains on one copy of the level's initial state (a
// new copy when the game ends), each with a uniformly random action of getAvailableActions(),
// after a JIT warm-up. Prints the fastest of the repeats, so that `vgdl bench` can be set beside
// GVGAI on the same processor at the same time (scripts/bench-all with VGDL_GVGAI_CLASSPATH).
//
// usage: ForwardModelBench game.txt level.txt warmup_s seconds repeats
public class ForwardModelBench {
  // The game loop wants a player; the benchmark never asks it to act.
  static class IdlePlayer extends AbstractPlayer {
    @Override
    public Types.ACTIONS act(StateObservation so, ElapsedCpuTimer timer) {
      return Types.ACTIONS.ACTION_NIL;
    }
  }

  static final int SEED = 42;
  static final int ADVANCES_PER_CLOCK_READ = 256;

  // The level's initial state as a real run starts it (seed SEED), with an idle player; also
  // ForwardModelCurve's starting point.
  static StateObservation initialState(String gameFile, String levelFile) throws Exception {
    VGDLFactory.GetInstance().init();
    VGDLRegistry.GetInstance().init();
    Game game = new VGDLParser().parseGame(gameFile);
    game.buildLevel(levelFile, SEED);
    // prepareGame is private: it gives the avatar its player, as a real run does.
    Method prepare =
        Game.class.getDeclaredMethod("prepareGame", Player[].class, int.class, int.class);
    prepare.setAccessible(true);
    prepare.invoke(game, new Player[] {new IdlePlayer()}, SEED, -1);
    return game.getObservation();
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 5) {
      System.err.println("usage: ForwardModelBench game.txt level.txt warmup_s seconds repeats");
      System.exit(2);
    }
    StateObservation initial = initialState(args[0], args[1]);

    double warmup = Double.parseDouble(args[2]);
    double seconds = Double.parseDouble(args[3]);
    int repeats = Integer.parseInt(args[4]);
    Random actions = new Random(SEED);
    measure(initial, warmup, actions);
    double best = 0;
    for (int r = 0; r < repeats; ++r) best = Math.max(best, measure(initial, seconds, actions));
    System.out.printf("%.0f%n", best);
  }

  // Advances per CPU second of this thread over about `seconds` of it.
  static double measure(StateObservation initial, double seconds, Random actions) {
    ThreadMXBean clock = ManagementFactory.getThreadMXBean();
    StateObservation state = initial.copy();
    long advances = 0;
    long start = clock.getCurrentThreadCpuTime();
    long limit = (long) (seconds * 1e9);
    while (true) {
      for (int k = 0; k < ADVANCES_PER_CLOCK_READ; ++k) {
        if (state.isGameOver()) state = initial.copy();
        ArrayList<Types.ACTIONS> available = state.getAvailableActions();
        state.advance(available.isEmpty()
                ? Types.ACTIONS.ACTION_NIL
                : available.get(actions.nextInt(available.size())));
        ++advances;
      }
      long elapsed = clock.getCurrentThreadCpuTime() - start;
      if (elapsed >= limit) return advances / (elapsed * 1e-9);
    }
  }
}
