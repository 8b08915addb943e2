package payments.directory;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.Currencies;
import payments.directory.DirectoryRecords.Institution;
import payments.directory.DirectoryRecords.InstitutionFile;
import payments.directory.DirectoryRecords.ProviderFile;
import payments.directory.DirectoryRecords.UmaProvider;
import payments.directory.DirectoryRecords.Vasp;
import payments.directory.DirectoryRecords.VaspFile;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The directories this server serves, read once at start from the data files it ships
 * (src/main/resources/directories) or, for each file present there, from {@code svc.directories.dir}.
 * A file that does not parse, or names an unknown currency, stops the start: a directory that
 * silently lost its entries would send payments nowhere.
 */
@Startup
@ApplicationScoped
public class Directories {

    static final String PROVIDERS = "uma-providers.json";
    static final String VASPS = "vasps.json";
    static final String INSTITUTIONS = "discoveries.json";

    private final List<UmaProvider> providers;
    private final List<Vasp> vasps;
    private final List<Institution> institutions;

    public Directories(DirectoriesConfig config) {
        ObjectMapper mapper = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        Optional<Path> dir = config.dir().map(Path::of);
        providers = read(mapper, dir, PROVIDERS, ProviderFile.class).providers().stream()
                .map(p -> new UmaProvider(p.name(), p.supportedRegions(), p.domain(), p.logoUrl(),
                        p.supportedCurrencies().stream().map(Currencies::require).toList(), p.lei(), p.allowListStatus()))
                .sorted(Comparator.comparing(UmaProvider::name)).toList();
        vasps = read(mapper, dir, VASPS, VaspFile.class).vasps().stream()
                .sorted(Comparator.comparing(Vasp::vaspName, String.CASE_INSENSITIVE_ORDER)).toList();
        institutions = read(mapper, dir, INSTITUTIONS, InstitutionFile.class).institutions().stream()
                .peek(i -> Currencies.require(i.currency()))
                .sorted(Comparator.comparing(Institution::country).thenComparing(Institution::currency).thenComparing(Institution::bankName))
                .toList();
    }

    /** UMA providers by name, ascending. */
    public List<UmaProvider> providers() {
        return providers;
    }

    /** VASPs by name, ascending. */
    public List<Vasp> vasps() {
        return vasps;
    }

    /** Payment institutions by country, currency and name. */
    public List<Institution> institutions() {
        return institutions;
    }

    private static <T> T read(ObjectMapper mapper, Optional<Path> dir, String name, Class<T> type) {
        try {
            Optional<Path> override = dir.map(d -> d.resolve(name)).filter(Files::isRegularFile);
            if (override.isPresent()) {
                return mapper.readValue(override.get().toFile(), type);
            }
            try (InputStream in = Directories.class.getResourceAsStream("/directories/" + name)) {
                if (in == null) {
                    throw new IllegalStateException("The directory file " + name + " is missing from the build");
                }
                return mapper.readValue(in, type);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("The directory file " + name + " cannot be read", e);
        }
    }
}
