package payments;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyPair;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a native image would freeze at build time. Quarkus initializes application classes while
 * building the image, so every static field's value is written into the binary: a random source there
 * draws the same numbers in every process (the builder stops on it), a key is shared by every
 * deployment, a clock or its reading is the build's. This test initializes every class of src/main in
 * a class loader of its own, as the builder would, and looks into each static field's value (and into
 * application objects, collections and arrays it holds) for a random source, a key, a clock, or a
 * known holder of one.
 */
class StaticStateTest {

    /** Library classes that hold a random source inside (their fields are not ours to walk). */
    private static final Set<String> KNOWN_HOLDERS = Set.of(
            "com.fasterxml.uuid.impl.TimeBasedEpochGenerator",
            "com.fasterxml.uuid.impl.TimeBasedEpochRandomGenerator",
            "com.fasterxml.uuid.impl.RandomBasedGenerator",
            "com.fasterxml.uuid.impl.TimeBasedGenerator",
            "com.fasterxml.uuid.impl.TimeBasedReorderedGenerator",
            "java.util.concurrent.ThreadLocalRandom");
    private static final int DEPTH = 4;

    @Test
    void noStaticFieldHoldsARandomSourceAKeyOrAClock() throws Exception {
        List<String> names = CompiledClasses.names();
        List<String> found = new ArrayList<>();
        List<String> notInitialized = new ArrayList<>();
        try (URLClassLoader buildTime = new URLClassLoader(classPath(), ClassLoader.getPlatformClassLoader())) {
            for (String name : names) {
                Class<?> type;
                try {
                    type = Class.forName(name, true, buildTime);
                } catch (Throwable cannotInitializeOutsideTheServer) {
                    notInitialized.add(name + ": " + cannotInitializeOutsideTheServer);
                    continue;
                }
                for (Field field : type.getDeclaredFields()) {
                    if (Modifier.isStatic(field.getModifiers()) && !field.getType().isPrimitive()) {
                        field.setAccessible(true);
                        inspect(field.get(null), name + "." + field.getName(), DEPTH, found, new IdentityHashMap<>());
                    }
                }
            }
        }
        assertEquals(List.of(), found, "static state a native image would freeze at build time");
        // The check means something only if it saw the classes: nearly all initialize outside the server.
        assertTrue(notInitialized.size() * 20 < names.size(), "classes that could not be initialized: " + notInitialized);
    }

    private static void inspect(Object value, String path, int depth, List<String> found, Map<Object, Boolean> seen) throws IllegalAccessException {
        if (value == null || depth == 0 || seen.put(value, Boolean.TRUE) != null) {
            return;
        }
        String kind = value instanceof Random || value instanceof SplittableRandom ? "a random source"
                : value instanceof KeyPair || value instanceof Key ? "a key"
                : value instanceof Clock ? "a clock"
                : KNOWN_HOLDERS.contains(value.getClass().getName()) ? "a holder of a random source" : null;
        if (kind != null) {
            found.add(path + " is " + kind + " (" + value.getClass().getName() + ")");
            return;
        }
        if (value instanceof Optional<?> optional) {
            inspect(optional.orElse(null), path + ".get()", depth - 1, found, seen);
        } else if (value instanceof Collection<?> collection) {
            for (Object element : collection) {
                inspect(element, path + "[]", depth - 1, found, seen);
            }
        } else if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                inspect(entry.getKey(), path + "{key}", depth - 1, found, seen);
                inspect(entry.getValue(), path + "{" + entry.getKey() + "}", depth - 1, found, seen);
            }
        } else if (value.getClass().isArray() && !value.getClass().getComponentType().isPrimitive()) {
            for (int i = 0; i < Array.getLength(value); i++) {
                inspect(Array.get(value, i), path + "[" + i + "]", depth - 1, found, seen);
            }
        } else if (value.getClass().getName().startsWith("payments.")) {
            for (Class<?> type = value.getClass(); type != null && type.getName().startsWith("payments."); type = type.getSuperclass()) {
                for (Field field : type.getDeclaredFields()) {
                    if (!Modifier.isStatic(field.getModifiers()) && !field.getType().isPrimitive()) {
                        field.setAccessible(true);
                        inspect(field.get(value), path + "." + field.getName(), depth - 1, found, seen);
                    }
                }
            }
        }
    }

    /** The test's class path (surefire may pass it as one jar whose manifest lists the rest; the loader follows it). */
    private static URL[] classPath() throws IOException {
        List<URL> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            urls.add(Path.of(entry).toUri().toURL());
        }
        urls.add(0, CompiledClasses.ROOT.toUri().toURL());
        return urls.toArray(URL[]::new);
    }
}
