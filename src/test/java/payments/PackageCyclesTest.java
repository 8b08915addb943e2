package payments;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Dependencies between feature packages run one way: this reads every reference one package of
 * src/main makes to another (imports and fully qualified names) and fails on any cycle, naming it
 * with a file on each edge. A feature's sub-packages (common.jobs, customer.bulk) count as the feature.
 */
class PackageCyclesTest {

    private static final Path SOURCES = Path.of("src/main/java/payments");
    private static final Pattern REFERENCE = Pattern.compile("\\bpayments\\.([a-z]+)\\.[A-Za-z]");
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    /** Feature package -> the packages it refers to -> a file that does. */
    private static Map<String, Map<String, String>> graph() throws IOException {
        Map<String, Map<String, String>> edges = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(path -> path.toString().endsWith(".java")).toList()) {
                Path relative = SOURCES.relativize(file);
                if (relative.getNameCount() < 2) {
                    continue;
                }
                String from = relative.getName(0).toString();
                String code = COMMENT.matcher(Files.readString(file)).replaceAll("");
                Matcher reference = REFERENCE.matcher(code);
                while (reference.find()) {
                    String to = reference.group(1);
                    if (!to.equals(from)) {
                        edges.computeIfAbsent(from, f -> new TreeMap<>()).putIfAbsent(to, relative.toString());
                    }
                }
            }
        }
        return edges;
    }

    @Test
    void featurePackagesDependOnEachOtherOneWayOnly() throws IOException {
        Map<String, Map<String, String>> edges = graph();
        List<String> cycles = new ArrayList<>();
        for (List<String> component : stronglyConnected(edges)) {
            cycles.add(describe(component, edges));
        }
        assertEquals(List.of(), cycles, "package cycles");
    }

    /** The sandbox implements interfaces the features declare; no feature reaches into it. */
    /**
     * Nor does it spell the sandbox's magic values itself: outcomes by UMA address or account-number
     * suffix live in the sandbox package (SandboxRail, SandboxOutcome, SandboxUmaDirectory, MagicValues),
     * and so do its fixed one-time codes (SandboxCodes).
     */
    @Test
    void productionCodeHoldsNoMagicValue() throws IOException {
        java.util.regex.Pattern magic = java.util.regex.Pattern.compile(
                "\"\\$(success|fail|pending)\\.|MagicValues|RailOutcome|\\bsuffix\\(|QUOTE_00[2-7]|TRANSFER_00[2-5]"
                        + "|\"(000000|123456)\"|SANDBOX_(CODE|OTP|SIGNATURE|RULES)|SandboxVerdict|sandbox-(valid-signature|liveness)");
        List<String> found = new ArrayList<>();
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(java.nio.file.Path.of("src/main/java/payments"))) {
            for (java.nio.file.Path file : files.filter(f -> f.toString().endsWith(".java") && !f.toString().contains("/sandbox/")).toList()) {
                List<String> lines = java.nio.file.Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    if (magic.matcher(lines.get(i)).find()) {
                        found.add(file + ":" + (i + 1) + ": " + lines.get(i).strip());
                    }
                }
            }
        }
        assertEquals(List.of(), found, "sandbox magic values in production packages");
    }

    @Test
    void productionCodeNeverRefersToTheSandbox() throws IOException {
        Map<String, String> users = new TreeMap<>();
        graph().forEach((from, targets) -> {
            if (targets.containsKey("sandbox")) {
                users.put(from, targets.get("sandbox"));
            }
        });
        assertEquals(Map.of(), users, "packages referring to payments.sandbox (one file each)");
    }

    @Test
    void theCheckFindsACycle() {
        Map<String, Map<String, String>> edges = Map.of("a", Map.of("b", "a/X.java"), "b", Map.of("c", "b/Y.java"),
                "c", Map.of("a", "c/Z.java"), "d", Map.of("a", "d/W.java"));
        List<List<String>> found = stronglyConnected(edges);
        assertEquals(List.of(List.of("a", "b", "c")), found);
        assertEquals("a -> b (a/X.java), b -> c (b/Y.java), c -> a (c/Z.java)", describe(found.get(0), edges));
    }

    /** Tarjan's strongly connected components with more than one package, each sorted. */
    private static List<List<String>> stronglyConnected(Map<String, Map<String, String>> edges) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<List<String>> components = new ArrayList<>();
        for (String node : new TreeSet<>(edges.keySet())) {
            if (!index.containsKey(node)) {
                visit(node, edges, index, low, stack, onStack, components);
            }
        }
        return components;
    }

    private static void visit(String node, Map<String, Map<String, String>> edges, Map<String, Integer> index,
                              Map<String, Integer> low, Deque<String> stack, Set<String> onStack, List<List<String>> components) {
        index.put(node, index.size());
        low.put(node, index.get(node));
        stack.push(node);
        onStack.add(node);
        for (String next : new TreeSet<>(edges.getOrDefault(node, Map.of()).keySet())) {
            if (!index.containsKey(next)) {
                visit(next, edges, index, low, stack, onStack, components);
                low.put(node, Math.min(low.get(node), low.get(next)));
            } else if (onStack.contains(next)) {
                low.put(node, Math.min(low.get(node), index.get(next)));
            }
        }
        if (low.get(node).equals(index.get(node))) {
            Set<String> component = new TreeSet<>();
            String member;
            do {
                member = stack.pop();
                onStack.remove(member);
                component.add(member);
            } while (!member.equals(node));
            if (component.size() > 1) {
                components.add(List.copyOf(component));
            }
        }
    }

    /** The component's edges among its own members, each with a file that makes it. */
    private static String describe(List<String> component, Map<String, Map<String, String>> edges) {
        List<String> parts = new ArrayList<>();
        for (String from : component) {
            edges.getOrDefault(from, Map.of()).forEach((to, file) -> {
                if (component.contains(to)) {
                    parts.add(from + " -> " + to + " (" + file + ")");
                }
            });
        }
        parts.sort(null);
        return String.join(", ", parts);
    }
}
