package payments;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.Map;

/** A test profile without the background pollers: only the test runs jobs, and nothing writes behind its back. */
public class JobsByHand implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("svc.jobs.enabled", "false");
    }
}
