package payments.transaction;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which implementation carries each payment rail (pure): parsed once from {@code svc.rails.routes},
 * entries {@code RAIL=implementation} where RAIL is a rail of the interface (ACH, SEPA, ...) or
 * {@value #OTHERWISE} for every rail not listed and for payments without a rail (wallets, UMA), and
 * implementation is one this server runs ({@code sandbox}, {@code iso20022-files}) or
 * {@value #NONE}. Unset: everything goes to the one implementation the mode runs (none in a
 * production server without a rail).
 */
public final class RailRoutes {

    public static final String OTHERWISE = "*";
    public static final String NONE = "none";

    private final Map<String, String> byRail;
    private final String otherwise;

    private RailRoutes(Map<String, String> byRail, String otherwise) {
        this.byRail = byRail;
        this.otherwise = otherwise;
    }

    /**
     * The routes {@code entries} name, checked against the rails of the interface ({@code rails}) and
     * the implementations this server runs ({@code implementations}; without entries everything goes
     * to the only one, or none). Throws {@link IllegalArgumentException} listing every bad entry.
     */
    public static RailRoutes parse(Optional<List<String>> entries, Set<String> rails, List<String> implementations) {
        String only = implementations.size() == 1 ? implementations.get(0) : NONE;
        if (entries.isEmpty() || entries.get().isEmpty()) {
            return new RailRoutes(Map.of(), only);
        }
        Map<String, String> byRail = new LinkedHashMap<>();
        String otherwise = null;
        List<String> problems = new ArrayList<>();
        for (String entry : entries.get()) {
            String[] parts = entry.trim().split("=", -1);
            if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
                problems.add("'" + entry + "' is not RAIL=implementation");
                continue;
            }
            String rail = parts[0].trim();
            String implementation = parts[1].trim();
            if (!rail.equals(OTHERWISE) && !rails.contains(rail)) {
                problems.add("'" + rail + "' is not a payment rail (one of " + String.join(", ", new java.util.TreeSet<>(rails)) + ", or *)");
            } else if (!implementation.equals(NONE) && !implementations.contains(implementation)) {
                problems.add("'" + implementation + "' is not a rail implementation this server runs (" + (implementations.isEmpty()
                        ? "it runs none with these settings: only none" : "one of " + String.join(", ", implementations) + ", or none") + ")");
            } else if (rail.equals(OTHERWISE) ? otherwise != null : byRail.containsKey(rail)) {
                problems.add("'" + rail + "' is routed twice");
            } else if (rail.equals(OTHERWISE)) {
                otherwise = implementation;
            } else {
                byRail.put(rail, implementation);
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("svc.rails.routes (SVC_RAILS_ROUTES): " + String.join("; ", problems));
        }
        return new RailRoutes(Map.copyOf(byRail), otherwise == null ? NONE : otherwise);
    }

    /** The implementation that carries {@code rail} (null: a payment without a rail), or {@value #NONE}. */
    public String implementationFor(String rail) {
        return rail == null ? otherwise : byRail.getOrDefault(rail, otherwise);
    }

    @Override
    public String toString() {
        Map<String, String> shown = new LinkedHashMap<>(byRail);
        shown.put(OTHERWISE, otherwise);
        return shown.toString();
    }
}
