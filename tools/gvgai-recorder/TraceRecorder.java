package core.game;

import core.player.AbstractPlayer;
import core.player.Player;
import core.vgdl.*;
import ontology.avatar.MovingAvatar;
import tools.ElapsedCpuTimer;
import ontology.Types;
import java.io.*;
import java.lang.reflect.Method;
import java.util.*;
import java.util.zip.GZIPOutputStream;

// Records one episode of GVGAI in the `vgdl-trace 1` format of ../shared/gvgai/TRACES.md, for
// checking the engine against GVGAI games that ../shared lacks (docs/fidelity.md). Compiled
// together with GVGAI's own sources (it lives in GVGAI's package core.game to reach the game
// loop); see README.md beside it.
//
// usage: TraceRecorder GAME LEVEL NAME FOLDER LEVEL_NUMBER CAP SEED OUT.trace.gz [POLICY]
//        [--set NAME=VALUE ...]
//   LEVEL   a plain level file, or one of the level-generation track with its own LevelMapping
//   CAP     ticks after which the episode is cut (1000 for random episodes; GVGAI's own end
//           at 2000 with a larger CAP)
//   POLICY  none: sticky random (the previous action again with probability 0.8, otherwise a
//           uniform draw over the available actions and NIL); `mcts`: GVGAI's sample MCTS
//           agent, 8 ms an action; `uniform`: a uniform draw every tick, printing a
//           statistics row (STAT seed result score ticks); any other word: a file of action
//           names, one per tick, replayed (to check the recorder against an existing trace), NIL
//           after its end. With several players every player plays the policy: `mcts` is GVGAI's
//           multi-player sample MCTS agent, an action file has a line of actions joined by ','
//           per tick, and `uniform` is for one player only.
//   --set   a GameSpace's parameter (GVGAI's game-design track) played with VALUE, one of the
//           values of its ParameterSet line, as `vgdl --set` takes it; the others play the
//           engine's default (value= when declared, else the first value). The values are set
//           as GVGAI's DesignMachine sets them, by their index, and the trace's header names
//           the chosen ones on a `parameters` line.
public class TraceRecorder {
  // A player; in a game with several players (no_players > 1) each has its own, playing the
  // sticky random policy, GVGAI's multi-player sample MCTS agent, or its item of each line of
  // an action file ("ACTION_LEFT,ACTION_NIL", as the trace's `t` lines have them).
  static class P extends Player {
    Random policy; Types.ACTIONS prev = Types.ACTIONS.ACTION_NIL; List<String> replay; Game g;
    int id;  // the player's index
    tracks.multiPlayer.advanced.sampleMCTS.Agent multiMcts;
    boolean uniform = false; tracks.singlePlayer.advanced.sampleMCTS.Agent mcts;
    boolean asked;  // whether GVGAI asked for an action this tick (not without an avatar)
    // One of the available actions or NIL, uniformly.
    Types.ACTIONS uniformDraw(List<Types.ACTIONS> available) {
      ArrayList<Types.ACTIONS> av = new ArrayList<>(available);
      av.add(Types.ACTIONS.ACTION_NIL);
      return av.get(policy.nextInt(av.size()));
    }
    Types.ACTIONS uniformDraw(StateObservation so) { return uniformDraw(so.getAvailableActions()); }
    public Types.ACTIONS act(StateObservationMulti so, ElapsedCpuTimer t) {
      asked = true;
      if (replay != null) {
        int tick = g.getGameTick();
        return tick < replay.size() ? Types.ACTIONS.valueOf(replay.get(tick).split(",")[id]) : Types.ACTIONS.ACTION_NIL;
      }
      if (multiMcts != null) {
        ElapsedCpuTimer t8 = new ElapsedCpuTimer(); t8.setMaxTimeMillis(8);
        Types.ACTIONS a = multiMcts.act(so, t8);
        return a == null ? Types.ACTIONS.ACTION_NIL : a;
      }
      List<Types.ACTIONS> available = new ArrayList<>(so.getAvailableActions(id));
      available.remove(Types.ACTIONS.ACTION_NIL);  // uniformDraw adds it
      Types.ACTIONS a = policy.nextDouble() < 0.8 ? prev : uniformDraw(available);
      prev = a;
      return a;
    }
    public Types.ACTIONS act(StateObservation so, ElapsedCpuTimer t) {
      asked = true;
      Types.ACTIONS a;
      // Past the end of the list (a game that lasts longer than the episode it came from): NIL.
      if (replay != null)
        a = g.getGameTick() < replay.size() ? Types.ACTIONS.valueOf(replay.get(g.getGameTick())) : Types.ACTIONS.ACTION_NIL;
      else if (mcts != null) { ElapsedCpuTimer t8 = new ElapsedCpuTimer(); t8.setMaxTimeMillis(8); a = mcts.act(so, t8); if (a == null) a = Types.ACTIONS.ACTION_NIL; }
      else if (uniform) a = uniformDraw(so);
      else {
        a = policy.nextDouble() < 0.8 ? prev : uniformDraw(so);
        prev = a;
      }
      return a;
    }
  }
  static String name(int t) { return VGDLRegistry.GetInstance().getRegisteredSpriteKey(t); }
  static String jf2(double v) { return String.format("%.2f", v); }
  static String winStr(Types.WINNER w) {
    if (w == Types.WINNER.PLAYER_WINS) return "WINS";
    if (w == Types.WINNER.PLAYER_LOSES) return "LOSES";
    return "NO_WINNER";
  }
  // The `av` field of one avatar: "none", or "x,y,ox,oy,type,hp,resources".
  static String avatarField(MovingAvatar av) {
    if (av == null) return "none";
    StringBuilder r = new StringBuilder();
    TreeMap<String, Integer> res = new TreeMap<>();
    for (Map.Entry<Integer, Integer> e : av.resources.entrySet()) if (e.getValue() != 0) res.put(name(e.getKey()), e.getValue());
    for (Map.Entry<String, Integer> e : res.entrySet()) { if (r.length() > 0) r.append(";"); r.append(e.getKey()).append(":").append(e.getValue()); }
    return av.rect.x + "," + av.rect.y + "," + jf2(av.orientation.x()) + "," + jf2(av.orientation.y()) + "," + name(av.getType()) + "," + av.healthPoints + "," + (r.length() == 0 ? "-" : r.toString());
  }
  // Each player's score (%.3f) and win state, joined by ',' (one value in a one-player game).
  static String scores(MovingAvatar[] last) {
    List<String> l = new ArrayList<>();
    for (MovingAvatar av : last) l.add(String.format("%.3f", av == null ? 0.0 : av.getScore()));
    return String.join(",", l);
  }
  static String wins(MovingAvatar[] last) {
    List<String> l = new ArrayList<>();
    for (MovingAvatar av : last) l.add(winStr(av == null ? Types.WINNER.NO_WINNER : av.getWinState()));
    return String.join(",", l);
  }
  static List<String> sprites(Game g) {
    List<String> l = new ArrayList<>();
    for (int i = 0; i < g.spriteGroups.length; i++)
      for (VGDLSprite s : g.spriteGroups[i].getSprites()) l.add(name(s.getType()) + " " + s.rect.x + " " + s.rect.y);
    return l;
  }
  static boolean isGeneratedLevel(String levelFile) throws IOException {
    BufferedReader br = new BufferedReader(new FileReader(levelFile)); String ln;
    try { while ((ln = br.readLine()) != null) if (ln.equals("LevelMapping") || ln.equals("LevelDescription")) return true; }
    finally { br.close(); }
    return false;
  }
  // The index DesignMachine.runOneGame takes for `value` of `pc`: k for lo + k*step, 1 for
  // true and 0 for false.
  static int parameterIndex(core.content.ParameterContent pc, String value) {
    String[] v = pc.values().split(":");
    if (pc instanceof core.content.ParameterBoolContent) return Boolean.parseBoolean(value) ? 1 : 0;
    if (Double.parseDouble(v[1]) == 0) return 0;  // lo:0:lo, one value
    if (pc instanceof core.content.ParameterIntContent)
      return (Integer.parseInt(value) - Integer.parseInt(v[0])) / Integer.parseInt(v[1]);
    return (int) Math.round((Double.parseDouble(value) - Double.parseDouble(v[0])) / Double.parseDouble(v[1]));
  }
  // Parses the game as DesignMachine does, every parameter given a value: the chosen one (a
  // declared value= set aside, which GVGAI would play instead), else value= or the first.
  static Game parseGameSpace(String gameFile, Game g, Map<String, String> chosen) {
    HashMap<String, core.content.ParameterContent> params = g.getParameters();
    for (String name : chosen.keySet())
      if (!params.containsKey(name)) throw new IllegalArgumentException("no parameter " + name);
    for (core.content.ParameterContent pc : params.values()) {
      String value = chosen.get(pc.identifier);
      if (value != null) pc.parameters.remove("value");
      else value = pc.values().split(":")[0];
      pc.setRunningValue(parameterIndex(pc, value));
    }
    return new VGDLParser().parseGameWithParameters(gameFile, params);
  }
  public static void main(String[] args) throws Exception {
    // --set NAME=VALUE pairs, anywhere among the arguments; the rest are positional.
    Map<String, String> chosen = new LinkedHashMap<>();
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--set") && i + 1 < args.length) {
        String[] kv = args[++i].split("=", 2);
        chosen.put(kv[0], kv[1]);
      } else rest.add(args[i]);
    }
    String[] a = rest.toArray(new String[0]);
    String gameFile = a[0], levelFile = a[1], gameName = a[2], folder = a[3];
    int level = Integer.parseInt(a[4]); int seed = Integer.parseInt(a[6]);
    VGDLFactory.GetInstance().init(); VGDLRegistry.GetInstance().init();
    Game g = new VGDLParser().parseGame(gameFile);
    if (g instanceof GameSpace) g = parseGameSpace(gameFile, g, chosen);
    else if (!chosen.isEmpty()) throw new IllegalArgumentException("--set: the game is no GameSpace");
    if (isGeneratedLevel(levelFile)) {
      // A level of the level-generation track, with its own LevelMapping: built as GVGAI's
      // LevelGenMachine.runOneGeneratedLevel builds it (the file's mapping replaces the game's).
      Method load = tracks.levelGeneration.LevelGenMachine.class.getDeclaredMethod("loadGeneratedFile", Game.class, String.class);
      load.setAccessible(true);
      String levelText = (String) load.invoke(null, g, levelFile);
      g.reset();
      g.buildStringLevel(levelText.split("\n"), seed);
    } else {
      g.buildLevel(levelFile, seed);
    }
    int np = g.no_players;
    if (np > 1 && a.length > 8 && a[8].equals("uniform")) throw new IllegalArgumentException("the uniform policy is for one player");
    P[] ps = new P[np];
    for (int i = 0; i < np; i++) { ps[i] = new P(); ps[i].g = g; ps[i].id = i; ps[i].policy = new Random(seed * 7919L + 17 + 1000003L * i); }
    P p = ps[0];
    if (a.length > 8 && a[8].equals("uniform")) { p.uniform = true; }
    else if (a.length > 8 && !a[8].equals("mcts")) {
      List<String> replay = new ArrayList<>(); BufferedReader br = new BufferedReader(new FileReader(a[8])); String ln; while ((ln = br.readLine()) != null) if (!ln.isEmpty()) replay.add(ln.trim());
      for (P pi : ps) pi.replay = replay;
    }
    Player[] players = ps;
    Method prep = Game.class.getDeclaredMethod("prepareGame", Player[].class, int.class, int.class); prep.setAccessible(true);
    Method cycle = Game.class.getDeclaredMethod("gameCycle"); cycle.setAccessible(true);
    prep.invoke(g, players, seed, -1);
    if (a.length > 8 && a[8].equals("mcts")) {
      for (int i = 0; i < np; i++) {
        ElapsedCpuTimer t = new ElapsedCpuTimer(); t.setMaxTimeMillis(1000);
        if (np == 1) p.mcts = new tracks.singlePlayer.advanced.sampleMCTS.Agent(g.getObservation(), t);
        else ps[i].multiMcts = new tracks.multiPlayer.advanced.sampleMCTS.Agent(g.getObservationMulti(i), t, i);
      }
    }
    StringBuilder out = new StringBuilder();
    out.append("vgdl-trace 1\ngame ").append(gameName).append("\nfolder ").append(folder).append("\nlevel ").append(level)
       .append("\nseed ").append(seed).append("\nexact yes\nblock ").append(g.block_size).append("\nsize ")
       .append(g.screenSize.width / g.block_size).append(" ").append(g.screenSize.height / g.block_size).append("\n");
    // A game with several players: the project's extension of the format (docs/fidelity.md).
    if (np > 1) out.append("players ").append(np).append("\n");
    // The values chosen for a GameSpace's parameters: the project's extension of the format.
    if (!chosen.isEmpty()) {
      out.append("parameters");
      for (Map.Entry<String, String> e : chosen.entrySet()) out.append(" ").append(e.getKey()).append("=").append(e.getValue());
      out.append("\n");
    }
    // init: the avatar first, then the sprite order from last to first, each type in creation order
    List<String> init = new ArrayList<>();
    MovingAvatar av0 = g.getAvatar();
    if (av0 != null) init.add(name(av0.getType()) + " " + av0.rect.x + " " + av0.rect.y);
    int[] order = g.getSpriteOrder();
    for (int i = order.length - 1; i >= 0; i--)
      for (VGDLSprite s : g.spriteGroups[order[i]].getSprites()) { if (s == av0) continue; init.add(name(s.getType()) + " " + s.rect.x + " " + s.rect.y); }
    // Sprites of types outside the sprite order (a parent type placed by the level), which GVGAI
    // creates but never updates: after the others (the engine compares the list as a multiset).
    Set<Integer> ordered = new HashSet<>(); for (int t : order) ordered.add(t);
    for (int t = 0; t < g.spriteGroups.length; t++)
      if (!ordered.contains(t))
        for (VGDLSprite s : g.spriteGroups[t].getSprites()) { if (s == av0) continue; init.add(name(s.getType()) + " " + s.rect.x + " " + s.rect.y); }
    out.append("init ").append(init.size()).append("\n");
    for (String s : init) out.append("s ").append(s).append("\n");
    List<String> prev = new ArrayList<>(init);
    // Each player's avatar as last seen: its score and win state stay after it is gone.
    MovingAvatar[] last = new MovingAvatar[np];
    for (int i = 0; i < np; i++) last[i] = g.getAvatar(i);
    int cap = Integer.parseInt(a[5]);
    while (!g.isEnded) {
      int tick = g.gameTick + 1;
      for (P pi : ps) pi.asked = false;
      cycle.invoke(g);
      List<String> acts = new ArrayList<>(), avs = new ArrayList<>();
      for (int i = 0; i < np; i++) {
        MovingAvatar av = g.getAvatar(i); if (av != null) last[i] = av;
        // What GVGAI applied: NIL for an overspent act or an action the avatar lacks.
        acts.add((ps[i].asked ? ps[i].getLastAction() : Types.ACTIONS.ACTION_NIL).toString());
        avs.add(avatarField(av));
      }
      List<String> now = sprites(g);
      // hash
      List<String> sorted = new ArrayList<>(); for (String s : now) sorted.add(s + "\n");
      Collections.sort(sorted);
      long h = 0xcbf29ce484222325L;
      for (String s : sorted) for (byte b : s.getBytes("UTF-8")) { h ^= (b & 0xff); h *= 0x100000001b3L; }
      // multiset diff
      Map<String, Integer> cnt = new HashMap<>();
      for (String s : now) cnt.merge(s, 1, Integer::sum);
      for (String s : prev) cnt.merge(s, -1, Integer::sum);
      List<String> plus = new ArrayList<>(), minus = new ArrayList<>();
      for (Map.Entry<String, Integer> e : cnt.entrySet()) {
        String[] f = e.getKey().split(" ");
        String item = f[0] + "@" + f[1] + "," + f[2];
        for (int k = 0; k < e.getValue(); k++) plus.add(e.getKey() + "\t" + item);
        for (int k = 0; k < -e.getValue(); k++) minus.add(e.getKey() + "\t" + item);
      }
      Collections.sort(plus); Collections.sort(minus);
      out.append("t ").append(tick).append(" ").append(String.join(",", acts)).append(" score=").append(scores(last))
         .append(" win=").append(wins(last)).append(" n=").append(now.size()).append(" h=").append(String.format("%016x", h)).append(" av=").append(String.join("|", avs));
      for (String s : plus) out.append(" +").append(s.split("\t")[1]);
      for (String s : minus) out.append(" -").append(s.split("\t")[1]);
      out.append("\n");
      prev = now;
      if (tick >= cap - 1 && !g.isEnded) break;
    }
    out.append("end ").append(wins(last)).append(" score=").append(scores(last)).append(" tick=").append(g.gameTick).append("\n");
    if (p.uniform) System.out.println("STAT\t" + seed + "\t" + wins(last) + "\t" + scores(last) + "\t" + g.gameTick);
    try (Writer wr = new OutputStreamWriter(new GZIPOutputStream(new FileOutputStream(a[7])), "UTF-8")) { wr.write(out.toString()); }
  }
}
