package payments;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;
import payments.common.web.ApiPath;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A native binary keeps only Quarkus's run-time settings: one fixed at build time (quarkus.rest.path,
 * say) is not there to inject at run time, and the binary stops at start ("Failed to load config
 * value"), though the jar, which reads application.properties whole, runs. So the code may inject
 * only the Quarkus settings named here, each a run-time one; the value of a build-time setting the
 * code needs lives in a constant (as {@link ApiPath}) kept equal to application.properties.
 */
class NativeConfigTest {

    /** Quarkus settings read at run time, which the code may inject. */
    private static final Set<String> RUN_TIME_QUARKUS_SETTINGS = Set.of("quarkus.http.port", "quarkus.datasource.password");

    @Test
    void theCodeInjectsNoBuildTimeQuarkusSetting() throws IOException {
        List<String> buildTime = new ArrayList<>();
        for (Class<?> type : CompiledClasses.loadable()) {
            for (Field field : type.getDeclaredFields()) {
                check(field.getAnnotation(ConfigProperty.class), type.getName() + "." + field.getName(), buildTime);
            }
            List<Executable> executables = new ArrayList<>(List.of(type.getDeclaredConstructors()));
            executables.addAll(List.of(type.getDeclaredMethods()));
            for (Executable executable : executables) {
                for (Parameter parameter : executable.getParameters()) {
                    check(parameter.getAnnotation(ConfigProperty.class), type.getName() + "." + executable.getName(), buildTime);
                }
            }
        }
        assertEquals(List.of(), buildTime, "Quarkus settings injected that a native binary may not have at run time");
    }

    @Test
    void theApiPathConstantIsTheRestPathSetting() throws IOException {
        Properties settings = new Properties();
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("application.properties")) {
            settings.load(in);
        }
        assertEquals(settings.getProperty("quarkus.rest.path"), ApiPath.BASE);
    }

    private static void check(ConfigProperty property, String where, List<String> buildTime) {
        if (property != null && property.name().startsWith("quarkus.") && !RUN_TIME_QUARKUS_SETTINGS.contains(property.name())) {
            buildTime.add(where + ": " + property.name());
        }
    }
}
