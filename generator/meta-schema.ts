/**
 * The meta-schema: what each kind of YAML file may contain. Checked in the validate phase with ajv;
 * an error points at the offending line. Keys not listed here are mistakes (typos are caught).
 */
const text = {
  type: 'object',
  properties: { de: { type: 'string', minLength: 1 }, en: { type: 'string', minLength: 1 } },
  required: ['de', 'en'],
  additionalProperties: false,
} as const;
const ident = { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' } as const;
const permissionPath = { type: 'string', pattern: '^[a-z][A-Za-z0-9]*(\\.[a-z][A-Za-z0-9]*)*$' } as const;
/** a key of permissions.yaml `admin` (document 2 §6), e.g. `block_creditor` */
const adminPermissionKey = { type: 'string', pattern: '^[a-z][a-z0-9_]*$' } as const;
const colour = { enum: ['success', 'warning', 'error', 'info', 'default'] } as const;
const fieldTypes = [
  'id', 'string', 'text', 'integer', 'number', 'boolean', 'money', 'percent', 'timestamp', 'date',
  'enum', 'email', 'phone', 'iban', 'object', 'list',
];

const field = {
  type: 'object',
  properties: {
    type: { enum: fieldTypes },
    label: text,
    description: { type: 'string' },
    required: { type: 'boolean' },
    enum: ident,
    entity: ident,
    /** scalar item type of a list of scalars */
    items: { enum: fieldTypes.filter((t) => t !== 'object' && t !== 'list') },
    /** server-side name where the spec gives one */
    server: { type: 'string' },
    default: {},
    maxLength: { type: 'integer', minimum: 1 },
    widget: ident,
    /** validation rules of schema/validation.yaml: `{ iban: true, moneyAtLeast: 100 }` */
    rules: { type: 'object', propertyNames: ident },
  },
  required: ['type'],
  additionalProperties: false,
} as const;

/** An entity's field; `unique: true` says no two records share its value (a command may name its target by it). */
const entityField = {
  ...field,
  properties: { ...field.properties, unique: { type: 'boolean' } },
} as const;

const formField = {
  type: 'object',
  properties: {
    ...field.properties,
    type: { enum: [...fieldTypes.filter((t) => t !== 'object' && t !== 'list'), 'files'] },
    help: text,
    placeholder: text,
    /** a checkbox that must be ticked (SEPA mandate available, privacy policy read …) */
    mustBeTicked: { type: 'boolean' },
    /** choices loaded at run time from this API path (under /api), e.g. `/debtor/names/list` */
    optionsPath: { type: 'string', pattern: '^/' },
    /**
     * another field of the form whose value this field's widget depends on (the location picker
     * offers the chosen debtor's locations); a change of that field empties this one
     */
    dependsOn: ident,
    readOnly: { type: 'boolean' },
    /** shown (and required) only when other fields have one of the given values */
    when: { type: 'object', additionalProperties: { type: ['array', 'string', 'number', 'boolean'] } },
  },
  required: ['type'],
  additionalProperties: false,
} as const;

const fieldRef = {
  oneOf: [
    { type: 'string' },
    {
      type: 'object',
      properties: { value: { type: 'string' }, label: text, permission: permissionPath, widget: { type: 'string' } },
      required: ['value'],
      additionalProperties: false,
    },
  ],
} as const;

const column = {
  type: 'object',
  properties: {
    value: { type: 'string' },
    text,
    subText: text,
    subValue: { type: 'string' },
    sortable: { type: 'boolean' },
    alignLeft: { type: 'boolean' },
    sortMobile: { type: 'boolean' },
    width: { type: 'integer', minimum: 20, maximum: 1000 },
    /** 1 always shown, 2 shown when it fits, 3 first to go when the list is narrow */
    priority: { type: 'integer', minimum: 1, maximum: 3 },
    permission: permissionPath,
  },
  required: ['value'],
  additionalProperties: false,
} as const;

/** `{ field.path: [values] }`: every field must have one of its values (null: empty) */
const recordCondition = {
  type: 'object',
  minProperties: 1,
  additionalProperties: { type: 'array', minItems: 1, items: { type: ['string', 'number', 'boolean', 'null'] } },
} as const;

const apiCall = {
  type: 'object',
  properties: {
    method: { enum: ['GET', 'POST', 'PUT', 'DELETE'] },
    path: { type: 'string', pattern: '^/' },
    key: ident,
    extra: { type: 'object', additionalProperties: field },
  },
  required: ['path'],
  additionalProperties: false,
} as const;

/** The kind of a command's response field (`response: { debtorId: id }`) or an entity name. */
const commandResponse = {
  oneOf: [
    { type: 'string', pattern: '^[A-Z][A-Za-z0-9]*$' },
    { type: 'object', minProperties: 1, propertyNames: ident, additionalProperties: { enum: ['id', 'ids', 'string', 'integer', 'boolean', 'money'] } },
  ],
} as const;
/** `allowed`: an impersonating admin may take the command; `refused`: 403 commands.impersonationRefused */
const impersonationRule = { enum: ['allowed', 'refused'] } as const;
const messageKey = { type: 'string', pattern: '^[a-zA-Z][A-Za-z0-9]*(\\.[a-zA-Z][A-Za-z0-9]*)*$' } as const;
const stateList = { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true } as const;

const command = {
  type: 'object',
  properties: {
    label: text,
    description: { type: 'string' },
    method: { enum: ['GET', 'POST', 'PUT', 'DELETE'] },
    path: { type: 'string', pattern: '^/[^?#]*$' },
    /** the body is this form's JSON schema (schema/forms); its permission is the default permission */
    form: ident,
    /** several commands on one route: this one takes a body that has this (required) form field */
    selectBy: ident,
    /** a required id field of the form naming the target (`{creditorDebitUpdateIdentifier}` in the body) */
    targetBy: ident,
    /**
     * the target named by another unique key than its id: the path parameter `param` holds the
     * value of the target entity's field `field` (`{ param: sap, field: sapNumber }`), a field the
     * entity declares `unique: true`
     */
    targetKey: {
      type: 'object',
      properties: { param: ident, field: ident },
      required: ['param', 'field'],
      additionalProperties: false,
    },
    /** what creditor users need: a permission path, or `creditorUser` (every creditor user of a tenant) */
    permission: permissionPath,
    /** role keys or role groups of roles.yaml that may take the command */
    roles: { type: 'array', items: { type: 'string' }, minItems: 1 },
    /** whether an administrator acting as the user (impersonation) may take it */
    impersonation: impersonationRule,
    /** true: taken without a login (forgotten password); no roles, permission, target or creditor */
    public: { type: 'boolean' },
    /** message key answered (403) to a caller whose role may not take it */
    denied: messageKey,
    /**
     * what admins need: an admin permission key, `superAdmin` (a role with every permission) or
     * `anyAdmin` (every administrator: the own account)
     */
    adminPermission: { anyOf: [adminPermissionKey, { enum: ['superAdmin', 'anyAdmin'] }] },
    /** a key of `targets`: the record the path's {id} names, loaded inside the caller's tenant */
    target: ident,
    from: stateList,
    to: { type: 'string' },
    /** the four-eyes flag (Frappe's allow_self_approval): false = the requester may not decide */
    allowSelfApproval: { type: 'boolean' },
    creditorStatus: stateList,
    history: {
      type: 'object',
      properties: { event: ident, title: text },
      required: ['event', 'title'],
      additionalProperties: false,
    },
    /** an action type of schema/texts/actionTypes.yaml */
    actionLog: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
    failure: messageKey,
    success: messageKey,
    /** a confirmation without fields: the message key of its question or notice */
    confirm: messageKey,
    response: commandResponse,
    notify: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          channel: { enum: ['notification', 'mail'] },
          to: { enum: ['mainUsers', 'caller'] },
          /** notification: message key of its title; mail: a template of src/server/adapters/mail */
          text: messageKey,
          template: ident,
        },
        required: ['channel', 'to'],
        additionalProperties: false,
      },
    },
  },
  required: ['label', 'method', 'path', 'actionLog'],
  additionalProperties: false,
} as const;

export const metaSchemas = {
  entity: {
    type: 'object',
    properties: {
      entity: ident,
      label: text,
      description: { type: 'string' },
      /** true: the object may carry further keys (e.g. permission trees owned by permissions.yaml) */
      additionalProperties: { type: 'boolean' },
      fields: { type: 'object', minProperties: 1, propertyNames: ident, additionalProperties: entityField },
    },
    required: ['entity', 'label', 'fields'],
    additionalProperties: false,
  },
  enum: {
    type: 'object',
    properties: {
      enum: ident,
      label: text,
      description: { type: 'string' },
      values: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: {
            value: { type: ['string', 'integer'] },
            label: text,
            color: colour,
            shownAs: { type: ['string', 'integer'] },
            description: { type: 'string' },
          },
          required: ['value', 'label'],
          additionalProperties: false,
        },
      },
      groups: {
        type: 'object',
        propertyNames: ident,
        additionalProperties: {
          type: 'object',
          properties: { label: text, values: { type: 'array', items: { type: ['string', 'integer'] } } },
          required: ['label', 'values'],
          additionalProperties: false,
        },
      },
    },
    required: ['enum', 'label', 'values'],
    additionalProperties: false,
  },
  resource: {
    type: 'object',
    properties: {
      resource: ident,
      entity: ident,
      detailEntity: ident,
      label: text,
      route: { type: 'string', pattern: '^/' },
      roles: { type: 'array', items: { type: 'string' }, minItems: 1 },
      /** admin resources: any one of these admin permissions opens the resource (super admin: all) */
      adminPermissions: { type: 'array', items: adminPermissionKey, minItems: 1, uniqueItems: true },
      menu: {
        type: 'object',
        properties: { icon: { type: 'string' }, order: { type: 'integer' }, permission: permissionPath },
        required: ['icon', 'order'],
        additionalProperties: false,
      },
      api: {
        type: 'object',
        properties: { list: apiCall, show: apiCall },
        required: ['list'],
        additionalProperties: false,
      },
      /**
       * values not read from the document yet while the record meets `when` (a fresh upload): its
       * list columns and detail fields show "wird gelesen" instead of 0,00 € or – (issue 28)
       */
      reading: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: { when: recordCondition, fields: { type: 'array', minItems: 1, items: { type: 'string' } } },
          required: ['when', 'fields'],
          additionalProperties: false,
        },
      },
      list: {
        type: 'object',
        properties: {
          columns: { type: 'array', minItems: 1, items: column },
          filters: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                key: ident,
                label: text,
                kind: { enum: ['search', 'select', 'multiSelect', 'dateRange', 'timePeriod', 'limit', 'boolean'] },
                enum: ident,
                optionsPath: { type: 'string', pattern: '^/' },
                /** a text namespace (schema/texts/<name>.yaml) labelling the loaded options: `<name>.<value>`, else the raw value */
                optionLabels: ident,
                alwaysOn: { type: 'boolean' },
                permission: permissionPath,
                /** the column the server compares against (documentation for the repository) */
                description: { type: 'string' },
                /** the choices are the enum's groups the active product offers (variant statusGroups) */
                groups: { type: 'boolean' },
                /** the choices are the enum's values in the groups the active product offers */
                productGroupsOnly: { type: 'boolean' },
              },
              required: ['key', 'kind'],
              additionalProperties: false,
            },
          },
          perPageOptions: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1 },
          defaultPerPage: { type: 'integer', minimum: 1 },
          defaultSort: {
            type: 'object',
            properties: { field: { type: 'string' }, order: { enum: ['ASC', 'DESC'] } },
            required: ['field', 'order'],
            additionalProperties: false,
          },
          empty: {
            type: 'object',
            properties: { noData: text, noResults: text },
            required: ['noData', 'noResults'],
            additionalProperties: false,
          },
          /** rows matching `when` open the detail of another resource instead of the inline one */
          /** the list's toolbar button creating a record: a form (opened through its query flag) and an icon */
          create: {
            type: 'object',
            properties: { form: ident, icon: { type: 'string' } },
            required: ['form'],
            additionalProperties: false,
          },
          /** the list's export button: a GET route answering CSV with the list's filters and sort */
          export: {
            type: 'object',
            properties: { path: { type: 'string', pattern: '^/[A-Za-z0-9/_-]+$' }, label: text },
            required: ['path'],
            additionalProperties: false,
          },
          rowLink: {
            type: 'object',
            properties: { resource: ident, when: recordCondition },
            required: ['resource', 'when'],
            additionalProperties: false,
          },
        },
        required: ['columns'],
        additionalProperties: false,
      },
      detail: {
        type: 'object',
        properties: {
          header: { type: 'array', items: fieldRef },
          /**
           * the entry of a list field the route selects (`/<resource>/sub/{id},{entryId}`, a row of the
           * tab showing that list): its own fields, shown above the record's (a debtor's location, issue 28)
           */
          sub: {
            type: 'object',
            properties: { list: ident, label: text, fields: { type: 'array', minItems: 1, items: fieldRef } },
            required: ['list', 'label', 'fields'],
            additionalProperties: false,
          },
          sections: {
            type: 'array',
            items: {
              type: 'object',
              properties: { key: ident, label: text, fields: { type: 'array', items: fieldRef }, permission: permissionPath },
              required: ['key', 'label', 'fields'],
              additionalProperties: false,
            },
          },
          tabs: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                key: ident,
                label: text,
                permission: permissionPath,
                fields: { type: 'array', items: fieldRef },
                table: {
                  type: 'object',
                  properties: {
                    value: { type: 'string' },
                    columns: { type: 'array', items: column },
                    /** a row opens this resource's detail (following its rowLink) */
                    link: ident,
                  },
                  required: ['value', 'columns'],
                  additionalProperties: false,
                },
                widget: ident,
                /** shown only to an admin acting as a creditor user with the toolbar's admin view on */
                adminView: { type: 'boolean' },
              },
              required: ['key', 'label'],
              additionalProperties: false,
            },
          },
          actions: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                key: ident,
                label: text,
                permission: permissionPath,
                /** admin actions are gated by an admin permission instead of a tree path */
                adminPermission: adminPermissionKey,
                dialog: ident,
                /** a command of schema/commands without fields: the action asks for confirmation, then runs it */
                command: ident,
                /** a list field of the detail record whose entries the action acts on (chosen in a picker) */
                targetList: ident,
                /** only entries of targetList meeting this condition are offered */
                targetWhen: recordCondition,
                /** an MUI icon name bundled in src/client/widgets/icon-registry.ts: every tile shows what it does (issue 28) */
                icon: { type: 'string' },
                /** key of the shown record's server-sent `permissions`: the button hides when it is false */
                recordPermission: ident,
                /** offered only while the shown record meets the condition (e.g. enable only a disabled user) */
                when: recordCondition,
              },
              required: ['key', 'label', 'icon'],
              // neither: open to everyone the resource's roles admit (the admins list: super admin only)
              not: { anyOf: [{ required: ['permission', 'adminPermission'] }, { required: ['dialog', 'command'] }] },
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    },
    required: ['resource', 'entity', 'label', 'route', 'roles', 'api', 'list'],
    additionalProperties: false,
  },
  command: {
    type: 'object',
    properties: {
      area: ident,
      description: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' } },
      targets: {
        type: 'object',
        propertyNames: ident,
        additionalProperties: {
          type: 'object',
          properties: {
            entity: ident,
            state: ident,
            enum: ident,
            history: { enum: ['debtor', 'voucher', 'none'] },
            /** the call answering what the server accepts now for one record (server names → boolean) */
            permissions: { type: 'string', pattern: '^/.*\\{id\\}' },
          },
          required: ['entity', 'state', 'enum'],
          additionalProperties: false,
        },
      },
      defaults: {
        type: 'object',
        properties: { roles: command.properties.roles, creditorStatus: stateList, failure: messageKey, impersonation: impersonationRule },
        additionalProperties: false,
      },
      commands: { type: 'object', minProperties: 1, propertyNames: ident, additionalProperties: command },
    },
    required: ['area', 'commands'],
    additionalProperties: false,
  },
  form: {
    type: 'object',
    properties: {
      form: ident,
      label: text,
      description: { type: 'string' },
      submitLabel: text,
      queryFlag: ident,
      permission: permissionPath,
      submit: {
        type: 'object',
        properties: {
          method: { enum: ['POST', 'PUT'] },
          path: { type: 'string', pattern: '^/' },
          contentType: { enum: ['json', 'multipart'] },
        },
        required: ['path'],
        additionalProperties: false,
      },
      width: { type: 'integer', minimum: 200, maximum: 1400 },
      /**
       * where an edit dialog's starting values come from in the record it edits: objects of the
       * record (`''` = the record itself, `{ path, only }` = some fields of one) whose fields fill
       * the form's fields of the same name, the first with a value wins; `present` ticks a field when
       * a record path holds a value; `fields` fills a field from a path of another name. Default: the
       * record itself; `from: []` starts empty.
       */
      prefill: {
        type: 'object',
        properties: {
          from: {
            type: 'array',
            items: {
              anyOf: [
                { type: 'string' },
                {
                  type: 'object',
                  properties: { path: { type: 'string' }, only: { type: 'array', items: ident, minItems: 1 } },
                  required: ['path', 'only'],
                  additionalProperties: false,
                },
              ],
            },
          },
          present: { type: 'object', propertyNames: ident, additionalProperties: { type: 'string' } },
          /** a form field filled from a record path of another name (`amount: leftoverAmount`) */
          fields: { type: 'object', propertyNames: ident, additionalProperties: { type: 'string' } },
        },
        required: ['from'],
        additionalProperties: false,
      },
      fields: { type: 'object', minProperties: 1, propertyNames: ident, additionalProperties: formField },
    },
    required: ['form', 'label', 'fields'],
    additionalProperties: false,
  },
  validation: {
    type: 'object',
    properties: {
      description: { type: 'string' },
      rules: {
        type: 'object',
        propertyNames: ident,
        additionalProperties: {
          type: 'object',
          properties: {
            kind: { enum: ['format', 'keyword'] },
            param: { enum: ['integer', 'number', 'string', 'boolean', 'array', 'object'] },
            message: { type: 'string', pattern: '^validation\\.' },
            description: { type: 'string' },
            /** item: checks each element of a list field (one uploaded file), not the list */
            scope: { enum: ['value', 'item'] },
            /** a format whose check the browser fetches on demand (a library: ibantools) */
            lazy: { const: true },
          },
          required: ['kind', 'message'],
          additionalProperties: false,
        },
      },
      /** rules every form field of the given types gets, unless it declares one of `unless` itself */
      defaults: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            types: { type: 'array', items: { type: 'string' }, minItems: 1 },
            rules: { type: 'object' },
            unless: { type: 'array', items: { type: 'string' } },
          },
          required: ['types', 'rules'],
          additionalProperties: false,
        },
      },
    },
    required: ['rules'],
    additionalProperties: false,
  },
  texts: {
    $id: 'texts',
    type: 'object',
    propertyNames: ident,
    additionalProperties: { anyOf: [text, { $ref: 'texts' }] },
  },
  permissions: {
    type: 'object',
    properties: {
      description: { type: 'string' },
      tree: { $ref: '#/$defs/children' },
      admin: {
        type: 'object',
        propertyNames: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
        additionalProperties: { type: 'object', properties: { label: text }, required: ['label'], additionalProperties: false },
      },
    },
    required: ['tree'],
    additionalProperties: false,
    $defs: {
      children: { type: 'object', propertyNames: ident, additionalProperties: { $ref: '#/$defs/node' } },
      node: {
        type: 'object',
        properties: {
          label: text,
          server: { type: 'string' },
          alwaysOnForCreditor: { type: 'boolean' },
          /** what every product has unless its variant file says otherwise (inherited by the subtree) */
          productDefault: { type: 'boolean' },
          description: { type: 'string' },
          children: { $ref: '#/$defs/children' },
        },
        required: ['label'],
        additionalProperties: false,
      },
    },
  },
  roles: {
    type: 'object',
    properties: {
      roles: {
        type: 'object',
        propertyNames: { type: 'string', pattern: '^ROLE_[A-Z_-]+$' },
        additionalProperties: {
          type: 'object',
          properties: {
            key: { type: 'string' },
            side: { enum: ['admin', 'creditor'] },
            label: text,
            description: { type: 'string' },
            allPermissions: { type: 'boolean' },
            deny: { type: 'array', items: permissionPath },
          },
          required: ['key', 'side', 'label'],
          additionalProperties: false,
        },
      },
      groups: { type: 'object', propertyNames: ident, additionalProperties: { type: 'array', items: { type: 'string' } } },
    },
    required: ['roles'],
    additionalProperties: false,
  },
  widgets: {
    type: 'object',
    properties: {
      widgets: {
        type: 'object',
        propertyNames: ident,
        additionalProperties: {
          type: 'object',
          properties: { description: { type: 'string' }, kind: { enum: ['input', 'display'] } },
          additionalProperties: false,
        },
      },
    },
    required: ['widgets'],
    additionalProperties: false,
  },
  variant: {
    type: 'object',
    properties: {
      code: { type: 'string', pattern: '^[A-Z]{2,6}$' },
      default: { type: 'boolean' },
      description: { type: 'string' },
      kind: { enum: ['factoring', 'billing'] },
      productName: { type: 'string' },
      portalName: { type: 'string' },
      hosts: { type: 'array', items: { type: 'string' }, minItems: 1 },
      logo: { type: 'string', pattern: '^/' },
      partnerLogo: { type: 'string', pattern: '^/' },
      theme: {
        type: 'object',
        properties: {
          primary: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
          secondary: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
          background: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
        },
        required: ['primary', 'secondary'],
        additionalProperties: false,
      },
      contact: {
        type: 'object',
        properties: { hotline: { type: 'string' }, mail: { type: 'string' }, serviceTimes: { type: 'string' } },
        required: ['hotline', 'mail', 'serviceTimes'],
        additionalProperties: false,
      },
      links: {
        type: 'object',
        properties: { imprint: { type: 'string' }, privacy: { type: 'string' } },
        required: ['imprint', 'privacy'],
        additionalProperties: false,
      },
      withPurchaseAssurance: { type: 'boolean' },
      setupFeeOptions: { type: 'array', items: { type: 'integer', minimum: 0 } },
      /** the creditor's maximum number of additional accesses (company users; document 1 §6) */
      maxCompanyUsers: { type: 'integer', minimum: 0, maximum: 100 },
      /** issue 29: the invoice format of a new location whose dialog leaves it empty (enum eInvoiceFormat) */
      defaultEInvoiceFormat: { type: 'string', enum: ['pdf', 'xrechnungUbl', 'xrechnungCii', 'zugferd'] },
      statusGroups: { type: 'object', propertyNames: ident, additionalProperties: { type: 'array', items: ident } },
      voucherTypeGroups: { type: 'array', items: ident },
      onboarding: {
        type: 'object',
        properties: {
          enabled: { type: 'boolean' },
          intermediaryNumberRequired: { type: 'boolean' },
          maxCreditorLimit: { type: 'integer', minimum: 0 },
          factorableTurnover: {
            type: 'object',
            properties: { min: { type: 'integer', minimum: 0 }, max: { type: 'integer', minimum: 0 } },
            required: ['min', 'max'],
            additionalProperties: false,
          },
          minFoundingMonths: { type: 'integer', minimum: 0 },
          maxOnlineTurnoverRate: { type: 'number', minimum: 0, maximum: 100 },
          factoringRulesRequired: { type: 'boolean' },
          blacklistedFields: { type: 'array', items: ident },
        },
        additionalProperties: false,
      },
      dunning: {
        type: 'object',
        properties: {
          enabled: { type: 'boolean' },
          paymentReminderAfterDays: { type: 'integer', minimum: 1, maximum: 365 },
          dunningAfterDays: { type: 'integer', minimum: 1, maximum: 365 },
          encashmentAfterDays: { type: 'integer', minimum: 1, maximum: 730 },
        },
        additionalProperties: false,
      },
      permissions: { type: 'object' },
      wording: {
        type: 'object',
        properties: {
          de: { type: 'object', additionalProperties: { type: 'string' } },
          en: { type: 'object', additionalProperties: { type: 'string' } },
        },
        additionalProperties: false,
      },
    },
    required: ['code', 'kind', 'productName', 'portalName', 'hosts', 'logo', 'theme', 'contact', 'links'],
    additionalProperties: false,
  },
} as const;

export const FIELD_TYPES = fieldTypes;
