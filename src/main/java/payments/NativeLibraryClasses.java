package payments;

import com.prowidesoftware.swift.model.mx.MxCamt05300108;
import com.prowidesoftware.swift.model.mx.MxCamt05400108;
import com.prowidesoftware.swift.model.mx.MxPain00100109;
import com.prowidesoftware.swift.model.mx.MxPain00200110;
import com.prowidesoftware.swift.model.mx.MxPain00800108;
import com.webauthn4j.data.attestation.AttestationObject;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Library classes that the libraries themselves build by reflection, so a native image must keep
 * them open to it (NativeLibraryFeature registers them; in a JVM this class is never used):
 * <ul>
 * <li>webauthn4j reads passkey ceremonies with Jackson (JSON and CBOR) into its own model, through
 * (de)serializers its annotations name and subtypes its own deserializers pick (the attestation
 * statement by {@code fmt}, the COSE key by {@code kty}). No walk from a root type finds those, so its
 * whole data model and converter packages are registered.</li>
 * <li>JAXB reads and writes the ISO 20022 messages field by field: each message class, its
 * superclasses, and the classes it lists for its JAXB context ({@code _classes}).</li>
 * <li>JAXB's API finds its implementation by name: Quarkus turns off the builder's automatic
 * registration of service-loader providers, so the API falls back to its default factory class,
 * loaded by name.</li>
 * </ul>
 */
public final class NativeLibraryClasses {

    static final List<String> WEBAUTHN4J_PACKAGES = List.of("com.webauthn4j.data.", "com.webauthn4j.converter.");
    static final List<Class<?>> ISO20022_MESSAGES = List.of(MxPain00100109.class, MxPain00200110.class, MxPain00800108.class, MxCamt05400108.class,
            MxCamt05300108.class);
    private static final String ISO20022_PACKAGE = "com.prowidesoftware.";
    static final List<String> BY_NAME = List.of("org.glassfish.jaxb.runtime.v2.ContextFactory");

    private NativeLibraryClasses() {
    }

    public static Set<Class<?>> all() {
        Set<Class<?>> all = new LinkedHashSet<>(webauthn4jModel());
        all.addAll(iso20022Model());
        for (String name : BY_NAME) {
            try {
                all.add(Class.forName(name, false, NativeLibraryClasses.class.getClassLoader()));
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
        return all;
    }

    static Set<Class<?>> webauthn4jModel() {
        Set<Class<?>> classes = new LinkedHashSet<>();
        try (JarFile jar = new JarFile(jarOf(AttestationObject.class).toFile())) {
            for (JarEntry entry : (Iterable<JarEntry>) jar.stream()::iterator) {
                String name = entry.getName();
                if (!name.endsWith(".class") || name.endsWith("module-info.class") || name.endsWith("package-info.class")) {
                    continue;
                }
                String className = name.substring(0, name.length() - ".class".length()).replace('/', '.');
                if (WEBAUTHN4J_PACKAGES.stream().anyMatch(className::startsWith)) {
                    classes.add(Class.forName(className, false, AttestationObject.class.getClassLoader()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
        return classes;
    }

    /** JAXB's own model of these messages holds nothing more (NativeLibraryClassesTest asks it). */
    static Set<Class<?>> iso20022Model() {
        Set<Class<?>> classes = new LinkedHashSet<>();
        for (Class<?> message : ISO20022_MESSAGES) {
            for (Class<?> c = message; c.getName().startsWith(ISO20022_PACKAGE); c = c.getSuperclass()) {
                classes.add(c);
            }
            classes.addAll(List.of(contextClassesOf(message)));
        }
        return classes;
    }

    private static Class<?>[] contextClassesOf(Class<?> message) {
        try {
            return (Class<?>[]) message.getField("_classes").get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(message + " has no _classes list", e);
        }
    }

    private static Path jarOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
