package core.game;

import core.player.AbstractPlayer;
import core.player.Player;
import core.vgdl.*;
import ontology.Types;
import tools.ElapsedCpuTimer;
import tools.Vector2d;
import java.io.*;
import java.lang.reflect.Method;
import java.util.*;
import java.util.zip.GZIPOutputStream;

// Records what a GVGAI agent is shown each tick of one episode, in the `vgdl-obs 1` format that
// tests/fidelity/observation_test.cc reads: the StateObservation that act() receives (the
// game's score, winner, size and block, the avatar's last action and available actions, the
// avatar, its resources, the six getXPositions lists with the avatar's position as reference,
// the observation grid and the events history). Played by the sticky random policy of
// TraceRecorder, with the same seeds, or by GVGAI's sample MCTS agent. Compiled together with GVGAI's sources like
// TraceRecorder; see README.md beside it.
//
// usage: ObservationRecorder GAME LEVEL NAME FOLDER LEVEL_NUMBER CAP SEED OUT.obs.gz [mcts]
//   as TraceRecorder's arguments; CAP: the episode is cut after CAP - 1 ticks; `mcts`: GVGAI's
//   sample MCTS agent chooses the actions (8 ms an action), instead of the sticky random policy
public class ObservationRecorder {
  static String name(int t) { return VGDLRegistry.GetInstance().getRegisteredSpriteKey(t); }
  static String pos(Vector2d v) { return (int) v.x + "," + (int) v.y; }

  static class P extends AbstractPlayer {
    Random policy; Types.ACTIONS prev = Types.ACTIONS.ACTION_NIL; StringBuilder out;
    tracks.singlePlayer.advanced.sampleMCTS.Agent mcts;
    boolean asked;  // whether GVGAI asked for an action this tick (not without an avatar)
    public Types.ACTIONS act(StateObservation so, ElapsedCpuTimer t) {
      dump(so, out);
      Types.ACTIONS a;
      if (mcts != null) {
        // On a copy, so that the agent's simulations leave the recorded view as it was.
        ElapsedCpuTimer t8 = new ElapsedCpuTimer(); t8.setMaxTimeMillis(8);
        a = mcts.act(so.copy(), t8);
        if (a == null) a = Types.ACTIONS.ACTION_NIL;
      } else {
        ArrayList<Types.ACTIONS> av = new ArrayList<>(so.getAvailableActions());
        av.add(Types.ACTIONS.ACTION_NIL);
        a = policy.nextDouble() < 0.8 ? prev : av.get(policy.nextInt(av.size()));
      }
      prev = a;
      asked = true;
      return a;
    }
  }

  // One category's lists: `p CAT null`, or `p CAT` and ` | TYPE N ID:CAT@X,Y ...` a list.
  static void lists(StringBuilder out, int cat, ArrayList<Observation>[] ls) {
    out.append("p ").append(cat);
    if (ls == null) { out.append(" null\n"); return; }
    for (ArrayList<Observation> l : ls) {
      out.append(" |");
      // An empty list has no observation to name its type.
      if (l.isEmpty()) { out.append(" - 0"); continue; }
      out.append(" ").append(name(l.get(0).itype)).append(" ").append(l.size());
      for (Observation o : l) {
        out.append(" ").append(o.obsID).append(":").append(o.category).append("@").append(pos(o.position))
           .append(":").append((long) o.sqDist);
      }
    }
    out.append("\n");
  }

  static void dump(StateObservation so, StringBuilder out) {
    out.append("o ").append(so.getGameTick()).append("\n");
    out.append("st ").append(String.format("%.3f", so.getGameScore())).append(" ").append(so.getGameWinner())
       .append(" ").append(so.isGameOver() ? 1 : 0).append(" ").append(so.getWorldDimension().width).append(",")
       .append(so.getWorldDimension().height).append(" ").append(so.getBlockSize()).append(" ")
       .append(so.getAvatarLastAction()).append("\n");
    out.append("acts");
    for (Types.ACTIONS act : so.getAvailableActions()) out.append(" ").append(act);
    out.append("\n");
    Vector2d p = so.getAvatarPosition();
    out.append("av ").append(pos(p)).append(" ").append(pos(so.getAvatarOrientation())).append(" ")
       .append(String.format("%.3f", so.getAvatarSpeed())).append(" ").append(name(so.getAvatarType()))
       .append(" ").append(so.getAvatarHealthPoints()).append(" ").append(so.getAvatarMaxHealthPoints())
       .append(" ").append(so.getAvatarLimitHealthPoints()).append(" ").append(so.isAvatarAlive() ? 1 : 0)
       .append("\n");
    TreeMap<String, Integer> res = new TreeMap<>();
    for (Map.Entry<Integer, Integer> e : so.getAvatarResources().entrySet()) res.put(name(e.getKey()), e.getValue());
    out.append("res");
    for (Map.Entry<String, Integer> e : res.entrySet()) out.append(" ").append(e.getKey()).append(":").append(e.getValue());
    out.append("\n");
    lists(out, 1, so.getResourcesPositions(p));
    lists(out, 2, so.getPortalsPositions(p));
    lists(out, 3, so.getNPCPositions(p));
    lists(out, 4, so.getImmovablePositions(p));
    lists(out, 5, so.getFromAvatarSpritesPositions(p));
    lists(out, 6, so.getMovablePositions(p));
    ArrayList<Observation>[][] grid = so.getObservationGrid();
    for (int x = 0; x < grid.length; x++)
      for (int y = 0; y < grid[x].length; y++) {
        if (grid[x][y].isEmpty()) continue;
        out.append("g ").append(x).append(",").append(y);
        for (Observation o : grid[x][y]) out.append(" ").append(name(o.itype)).append(":").append(o.obsID).append(":").append(o.category);
        out.append("\n");
      }
    TreeSet<Event> ev = so.getEventsHistory();
    out.append("ev ").append(ev.size());
    if (!ev.isEmpty()) {
      Event e = ev.last();
      out.append(" ").append(e.gameStep).append(",").append(e.fromAvatar ? 1 : 0).append(",").append(name(e.activeTypeId))
         .append(",").append(name(e.passiveTypeId)).append(",").append(e.activeSpriteId).append(",").append(e.passiveSpriteId)
         .append(",").append(pos(e.position));
    }
    out.append("\n");
  }

  public static void main(String[] a) throws Exception {
    String gameFile = a[0], levelFile = a[1], gameName = a[2], folder = a[3];
    int level = Integer.parseInt(a[4]); int cap = Integer.parseInt(a[5]); int seed = Integer.parseInt(a[6]);
    VGDLFactory.GetInstance().init(); VGDLRegistry.GetInstance().init();
    Game g = new VGDLParser().parseGame(gameFile);
    g.buildLevel(levelFile, seed);
    StringBuilder out = new StringBuilder();
    out.append("vgdl-obs 1\ngame ").append(gameName).append("\nfolder ").append(folder).append("\nlevel ").append(level).append("\nseed ").append(seed).append("\n");
    P p = new P(); p.out = out; p.policy = new Random(seed * 7919L + 17);
    Method prep = Game.class.getDeclaredMethod("prepareGame", Player[].class, int.class, int.class); prep.setAccessible(true);
    Method cycle = Game.class.getDeclaredMethod("gameCycle"); cycle.setAccessible(true);
    prep.invoke(g, new Player[]{p}, seed, -1);
    if (a.length > 8 && a[8].equals("mcts")) {
      ElapsedCpuTimer t = new ElapsedCpuTimer(); t.setMaxTimeMillis(1000);
      p.mcts = new tracks.singlePlayer.advanced.sampleMCTS.Agent(g.getObservation(), t);
    }
    while (!g.isEnded && g.gameTick + 1 < cap) {
      p.asked = false;
      cycle.invoke(g);
      // What GVGAI applied: NIL for an overspent act, as TraceRecorder records it.
      if (p.asked) out.append("a ").append(p.getLastAction()).append("\n");
    }
    out.append("end ").append(g.gameTick).append("\n");
    try (Writer wr = new OutputStreamWriter(new GZIPOutputStream(new FileOutputStream(a[7])), "UTF-8")) { wr.write(out.toString()); }
  }
}
