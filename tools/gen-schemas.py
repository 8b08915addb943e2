#!/usr/bin/env python3
"""Flattens the reference interface's request schemas into the compact rule file the server validates with.

Usage: tools/gen-schemas.py <reference openapi.yaml> > src/main/resources/schemas/request-schemas.json

Keeps only validation facts (type, required, properties, enum, pattern, lengths, bounds, format, items)
and turns `allOf` into one merged object and a discriminated `oneOf` into {"discriminator", "mapping"}.
"""
import json
import sys

import yaml

# Free-text fields the reference describes as ISO 3166-1 alpha-2 codes; validated as such.
COUNTRY_FIELDS = {"country", "nationality", "region", "countryOfResidence", "countryOfIssuance",
                  "countriesOfOperation", "expectedRecipientJurisdictions", "expectedCounterpartyCountries"}

KEEP = ("type", "enum", "pattern", "minLength", "maxLength", "minimum", "maximum", "format", "minItems", "maxItems")

ROOTS = {
    "externalAccountInfo": "ExternalAccountCreateInfoOneOf",
    "customerCreate": "CustomerCreateRequestOneOf",
    "customerUpdate": "CustomerUpdateRequestOneOf",
    "beneficialOwnerCreate": "BeneficialOwnerCreateRequest",
    "beneficialOwnerUpdate": "BeneficialOwnerUpdateRequest",
    "quoteCreate": "QuoteRequest",
    "transferIn": "TransferInRequest",
    "transferOut": "TransferOutRequest",
    "sandboxFund": "SandboxFundRequest",
    "sandboxSend": "SandboxSendRequest",
    "sandboxUmaReceive": "SandboxUmaReceiveRequest",
    "estimateWithdrawalFee": "EstimateCryptoWithdrawalFeeRequest",
}


def main(path):
    schemas = yaml.safe_load(open(path))["components"]["schemas"]

    def deref(node):
        while "$ref" in node:
            node = {**schemas[node["$ref"].split("/")[-1]], **{k: v for k, v in node.items() if k != "$ref"}}
        return node

    def flatten(node):
        node = deref(node)
        if "allOf" in node and all(flatten(part).get("type") not in (None, "object") or not flatten(part)
                                   for part in node["allOf"]):
            # A scalar with an annotation (e.g. an enum plus a description): one plain node.
            merged = {}
            for part in node["allOf"]:
                merged.update(flatten(part))
            return merged
        if "allOf" in node:
            merged = {"type": "object", "required": [], "properties": {}}
            for part in node["allOf"]:
                part = flatten(part)
                for name in part.get("required", []):
                    if name not in merged["required"]:
                        merged["required"].append(name)
                for name, prop in part.get("properties", {}).items():
                    merged["properties"][name] = merge(merged["properties"].get(name), prop)
            for key in ("required", "properties"):
                if key in node:
                    extra = flatten({k: node[k] for k in ("required", "properties")})
                    merged["required"] += [r for r in extra.get("required", []) if r not in merged["required"]]
                    merged["properties"].update(extra.get("properties", {}))
                    break
            return merged
        if "oneOf" in node:
            disc = node.get("discriminator")
            if not disc:
                raise SystemExit("oneOf without discriminator: %s" % node)
            return {"discriminator": disc["propertyName"],
                    "mapping": {value: flatten({"$ref": ref}) for value, ref in disc["mapping"].items()}}
        out = {k: node[k] for k in KEEP if k in node}
        if node.get("type") == "integer" and "exclusiveMinimum" in node:
            # For integers, "greater than n" is "at least n + 1".
            out["minimum"] = node["exclusiveMinimum"] + 1
        if "properties" in node or node.get("type") == "object":
            out["type"] = "object"
            out["required"] = list(node.get("required", []))
            out["properties"] = {name: country_hint(name, flatten(prop)) for name, prop in node.get("properties", {}).items()}
            if node.get("additionalProperties") is True:
                # A free-form map (e.g. senderCustomerInfo): unknown keys are kept, not dropped.
                out["open"] = True
        if "items" in node:
            out["items"] = flatten(node["items"])
        return out

    def country_hint(name, prop):
        if name in COUNTRY_FIELDS:
            target = prop["items"] if prop.get("type") == "array" else prop
            if target.get("type") == "string" and "enum" not in target:
                target.setdefault("format", "country")
        return prop

    def merge(old, new):
        if old is None:
            return new
        if old.get("type") == "object" and new.get("type") == "object":
            return flatten({"allOf": [old, new]})
        return {**old, **new}

    print(json.dumps({name: flatten({"$ref": "#/components/schemas/" + root}) for name, root in ROOTS.items()},
                     sort_keys=True, separators=(",", ":")))


if __name__ == "__main__":
    main(sys.argv[1])
