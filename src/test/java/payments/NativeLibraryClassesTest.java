package payments;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.webauthn4j.data.attestation.authenticator.EC2COSEKey;
import com.webauthn4j.data.attestation.statement.NoneAttestationStatement;
import com.webauthn4j.data.attestation.statement.PackedAttestationStatement;
import com.webauthn4j.data.client.CollectedClientData;
import jakarta.xml.bind.JAXBContext;
import org.glassfish.jaxb.runtime.v2.runtime.JAXBContextImpl;
import org.graalvm.nativeimage.hosted.Feature;
import org.junit.jupiter.api.Test;

import java.lang.annotation.Annotation;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What NativeLibraryFeature opens to reflection in a native image, checked against the libraries' own models in a JVM. */
class NativeLibraryClassesTest {

    /** JAXB's own model of each ISO 20022 message: every bean and enum it would reflect on is registered. */
    @Test
    void everyClassJaxbModelsForTheMessagesIsRegistered() throws Exception {
        Set<Class<?>> registered = NativeLibraryClasses.iso20022Model();
        Set<String> missing = new TreeSet<>();
        int modelled = 0;
        for (Class<?> message : NativeLibraryClasses.ISO20022_MESSAGES) {
            Class<?>[] contextClasses = (Class<?>[]) message.getField("_classes").get(null);
            var model = ((JAXBContextImpl) JAXBContext.newInstance(contextClasses)).getTypeInfoSet();
            Set<Class<?>> used = new HashSet<>();
            model.beans().keySet().forEach(used::add);
            model.enums().keySet().forEach(used::add);
            modelled += used.size();
            used.stream().filter(c -> !registered.contains(c)).map(Class::getName).forEach(missing::add);
            assertTrue(registered.contains(message), message.getName());
        }
        assertEquals(Set.of(), missing, "JAXB models these classes, the native image would not let it reflect on them");
        assertTrue(modelled > 100, "JAXB modelled only " + modelled + " classes");
    }

    /**
     * Jackson instantiates the (de)serializers and subtypes that annotations name: each one webauthn4j
     * names (on its classes, fields, methods, constructors) must itself be registered.
     */
    @Test
    void everyClassWebauthn4jsJacksonAnnotationsNameIsRegistered() {
        Set<Class<?>> registered = NativeLibraryClasses.webauthn4jModel();
        assertTrue(registered.containsAll(List.of(CollectedClientData.class, EC2COSEKey.class, NoneAttestationStatement.class,
                PackedAttestationStatement.class)), "the passkey ceremony's own types");
        Set<String> missing = new TreeSet<>();
        for (Class<?> type : registered) {
            Stream.of(Stream.of((AnnotatedElement) type), Stream.of(type.getDeclaredFields()), Stream.of(type.getDeclaredMethods()),
                            Stream.of(type.getDeclaredConstructors()))
                    .flatMap(s -> s)
                    .flatMap(element -> namedClasses(element).stream())
                    .filter(named -> named.getName().startsWith("com.webauthn4j.") && !registered.contains(named))
                    .forEach(named -> missing.add(named.getName() + " (named by " + type.getName() + ")"));
        }
        assertEquals(Set.of(), missing);
    }

    /** Without service-loader registrations, jakarta.xml.bind loads its default implementation by this name. */
    @Test
    void theJaxbImplementationTheApiLoadsByNameIsRegistered() throws Exception {
        Field fallback = Class.forName("jakarta.xml.bind.ContextFinder").getDeclaredField("DEFAULT_FACTORY_CLASS");
        fallback.setAccessible(true);
        String name = (String) fallback.get(null);
        assertTrue(NativeLibraryClasses.all().stream().anyMatch(c -> c.getName().equals(name)), name);
    }

    @Test
    void theFeatureIsWhatTheBuilderRuns() {
        assertTrue(Feature.class.isAssignableFrom(NativeLibraryFeature.class));
        assertTrue(NativeLibraryClasses.all().containsAll(NativeLibraryClasses.webauthn4jModel()));
        assertTrue(NativeLibraryClasses.all().containsAll(NativeLibraryClasses.iso20022Model()));
    }

    private static List<Class<?>> namedClasses(AnnotatedElement element) {
        List<Class<?>> named = new ArrayList<>();
        if (element instanceof AccessibleObject || element instanceof Class<?>) {
            for (Annotation annotation : element.getDeclaredAnnotations()) {
                if (annotation instanceof JsonDeserialize d) {
                    named.addAll(List.of(d.using(), d.contentUsing(), d.keyUsing(), d.builder(), d.as(), d.contentAs(), d.keyAs()));
                } else if (annotation instanceof JsonSerialize s) {
                    named.addAll(List.of(s.using(), s.contentUsing(), s.keyUsing(), s.nullsUsing(), s.as(), s.contentAs(), s.keyAs()));
                } else if (annotation instanceof JsonSubTypes subTypes) {
                    Stream.of(subTypes.value()).map(JsonSubTypes.Type::value).forEach(named::add);
                }
            }
        }
        return named;
    }
}
