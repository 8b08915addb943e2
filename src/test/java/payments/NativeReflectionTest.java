package payments;

import io.quarkus.runtime.annotations.RegisterForReflection;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Jackson reads and writes records (and annotated classes) by reflection; a native image keeps only
 * what is registered, and Quarkus registers by itself only the types in resource method signatures
 * (not records turned into JSON trees, nor those the console or the webhooks serialize). So every
 * record, and every class carrying a Jackson annotation, must be named in {@link NativeReflection}.
 * On a difference this prints the list to paste there.
 */
class NativeReflectionTest {

    @Test
    void everyClassJacksonMaySeeIsRegisteredForReflection() throws IOException {
        Set<String> needed = new TreeSet<>();
        for (Class<?> type : CompiledClasses.loadable()) {
            if (type.isRecord() || jacksonAnnotated(type)) {
                needed.add(type.getName());
            }
        }
        Set<String> registered = new TreeSet<>(List.of(NativeReflection.class.getAnnotation(RegisterForReflection.class).classNames()));
        if (!needed.equals(registered)) {
            StringBuilder paste = new StringBuilder("classNames = {\n");
            needed.forEach(name -> paste.append("        \"").append(name).append("\",\n"));
            System.out.println(paste.append("}"));
        }
        assertEquals(needed, registered, "NativeReflection must name exactly these (the list to paste is printed above)");
    }

    private static boolean jacksonAnnotated(Class<?> type) {
        List<AnnotatedElement> elements = new ArrayList<>(List.of(type));
        elements.addAll(List.of(type.getDeclaredFields()));
        elements.addAll(List.of(type.getDeclaredMethods()));
        elements.addAll(List.of(type.getDeclaredConstructors()));
        for (AnnotatedElement element : elements) {
            for (Annotation annotation : element.getDeclaredAnnotations()) {
                if (annotation.annotationType().getName().startsWith("com.fasterxml.jackson.annotation.")) {
                    return true;
                }
            }
        }
        return false;
    }
}
