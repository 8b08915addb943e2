package payments.directory;

import io.smallrye.config.ConfigMapping;

import java.util.Optional;

/** The directories of UMA providers, VASPs and discoveries the server answers from. */
@ConfigMapping(prefix = "svc.directories")
public interface DirectoriesConfig {
    /**
     * A folder whose uma-providers.json, vasps.json or discoveries.json replace the shipped
     * directories of the same name (same shapes as src/main/resources/directories).
     */
    Optional<String> dir();
}
