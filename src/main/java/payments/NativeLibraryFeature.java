package payments;

import org.graalvm.nativeimage.hosted.Feature;
import org.graalvm.nativeimage.hosted.RuntimeReflection;

/**
 * Run by the native-image builder only (named by {@code --features} in application.properties): opens
 * {@link NativeLibraryClasses} to reflection, with their constructors, methods and fields, which is
 * what Jackson and JAXB look up.
 */
public final class NativeLibraryFeature implements Feature {

    @Override
    public void beforeAnalysis(BeforeAnalysisAccess access) {
        for (Class<?> type : NativeLibraryClasses.all()) {
            RuntimeReflection.register(type);
            RuntimeReflection.register(type.getDeclaredConstructors());
            RuntimeReflection.register(type.getDeclaredMethods());
            RuntimeReflection.register(type.getDeclaredFields());
        }
    }

    @Override
    public String getDescription() {
        return "Registers webauthn4j's data model and the ISO 20022 message model for reflection";
    }
}
