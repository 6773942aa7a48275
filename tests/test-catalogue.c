/* test-catalogue.c: the GPU catalogue, the presets, and the network parameters' parsing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <string.h>

#include "ring-enum-types.h"
#include "ring-algorithms.h"
#include "ring-presets.h"
#include "ring-topology.h"
#include "ring-step.h"
#include "ring-units.h"

/* Zeroed first, so that whole structs compare with memcmp. */
static void
init_params (RingParams *params)
{
  memset (params, 0, sizeof *params);
  ring_params_init_default (params);
}

/* Every GPU: unique names equal to the GEnum's nicks, facts that make sense. */
static void
test_gpus (void)
{
  g_autoptr(GEnumClass) enum_class = g_type_class_ref (RING_TYPE_GPU_ID);
  const RingGpuInfo *gpus;
  guint n;

  gpus = ring_gpus_get (&n);
  g_assert_cmpuint (n, ==, RING_N_GPUS);
  g_assert_cmpuint (enum_class->n_values, ==, n);

  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpint (gpus[i].id, ==, i);
      g_assert_cmpstr (enum_class->values[i].value_nick, ==, gpus[i].name);
      g_assert_true (ring_gpu_lookup (gpus[i].name) == &gpus[i]);
      g_assert_cmpstr (gpus[i].description, !=, "");
      g_assert_cmpfloat (gpus[i].dense_bf16_tflops, >, 0);
      g_assert_cmpfloat (gpus[i].memory_gb, >, 0);
      g_assert_cmpfloat (gpus[i].intra_gbps, >, 0);
      g_assert_cmpuint (gpus[i].gpus_per_node, >=, 1);
      g_assert_cmpuint (gpus[i].pcie_generation, >=, 3);
      g_assert_true (gpus[i].intra != RING_INTRA_NVSWITCH || gpus[i].nvlink_generation > 0);
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (gpus[i].name, !=, gpus[j].name);
    }

  g_assert_null (ring_gpu_lookup ("tpu-v5"));
  g_assert_cmpuint (ring_gpu_lookup ("gb200")->gpus_per_node, ==, 4);
  g_assert_cmpuint (ring_gpu_lookup ("gb200")->nvlink_domain, ==, 72);
  g_assert_cmpint (ring_gpu_lookup ("H100")->generation, ==, RING_GENERATION_HOPPER);
}

/* The custom GPU is the seed's defaults: applying it changes nothing. */
static void
test_custom_is_default (void)
{
  RingParams defaults, custom;

  init_params (&defaults);
  custom = defaults;
  ring_params_apply_gpu (&custom, RING_GPU_CUSTOM);
  g_assert_cmpint (memcmp (&defaults, &custom, sizeof defaults), ==, 0);
  g_assert_cmpfloat (custom.compute_tflops, ==, 400);
  g_assert_cmpfloat (custom.bandwidth_gbps, ==, 300);
}

/* --gpu h100 brings H100's facts: 0.4 · 989 TFLOP/s, 450 GB/s, 8 per node; an option given
 * after it overrides them. */
static void
test_gpu_option (void)
{
  RingParams params;

  ring_params_init_default (&params);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_GPU, "h100", NULL));
  g_assert_cmpint (params.gpu, ==, RING_GPU_H100);
  g_assert_cmpfloat_with_epsilon (params.compute_tflops, 395.6, 1e-9);
  g_assert_cmpfloat (params.bandwidth_gbps, ==, 450);
  g_assert_cmpuint (params.gpus_per_node, ==, 8);

  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_GPU, "gb200", NULL));
  g_assert_cmpuint (params.gpus_per_node, ==, 4);
  g_assert_cmpuint (params.nvlink_domain, ==, 72);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_COMPUTE, "1000", NULL));
  g_assert_cmpfloat (params.compute_tflops, ==, 1000);
}

/* A fabric brings its usual latency; --net-latency after it overrides it. */
static void
test_fabric_option (void)
{
  RingParams params;

  ring_params_init_default (&params);
  g_assert_cmpint (params.fabric, ==, RING_FABRIC_INFINIBAND);
  g_assert_cmpfloat (params.net_latency_us, ==, 1);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_FABRIC, "tcp", NULL));
  g_assert_cmpfloat (params.net_latency_us, ==, 30);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_FABRIC, "RoCE", NULL));
  g_assert_cmpint (params.fabric, ==, RING_FABRIC_ROCE);
  g_assert_cmpfloat (params.net_latency_us, ==, 3);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_NET_LATENCY, "12", NULL));
  g_assert_cmpfloat (params.net_latency_us, ==, 12);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_FABRIC, "ib-sharp", NULL));
  g_assert_cmpint (params.fabric, ==, RING_FABRIC_INFINIBAND_SHARP);

  /* The table puts the fabric before the latency, so options apply in that order. */
  g_assert_cmpint (RING_PARAM_FABRIC, <, RING_PARAM_NET_LATENCY);
  g_assert_cmpint (RING_PARAM_GPU, <, RING_PARAM_COMPUTE);
  g_assert_cmpint (RING_PARAM_GPU, <, RING_PARAM_BANDWIDTH);
  g_assert_cmpint (RING_PARAM_GPU, <, RING_PARAM_GPUS_PER_NODE);
}

static void
test_nic_speed (void)
{
  const struct {
    const char *text;
    double      gbit;
  } good[] = {
    { "400", 400 }, { "400G", 400 }, { "400Gb/s", 400 }, { "400 Gbps", 400 },
    { "100GbE", 100 }, { "50GB/s", 400 }, { "1.6T", 1600 }, { "800Mb/s", 0.8 },
  };
  const char *bad[] = { "", "fast", "400 furlongs", "nan", "-", "0x10" };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      double gbit = 0;

      g_assert_true (ring_parse_nic_speed (good[i].text, &gbit));
      g_assert_cmpfloat_with_epsilon (gbit, good[i].gbit, 1e-9);
    }

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      double gbit;

      g_assert_false (ring_parse_nic_speed (bad[i], &gbit));
    }
}

/* Each new parameter refuses bad values, naming its option, and stores nothing. */
static void
test_bad_values (void)
{
  const struct {
    RingParamId  id;
    const char  *text;
  } bad[] = {
    { RING_PARAM_GPU, "tpu" }, { RING_PARAM_GPU, "" },
    { RING_PARAM_GPUS_PER_NODE, "0" }, { RING_PARAM_GPUS_PER_NODE, "1025" },
    { RING_PARAM_GPUS_PER_NODE, "2.5" }, { RING_PARAM_GPUS_PER_NODE, "eight" },
    { RING_PARAM_NICS_PER_NODE, "-1" }, { RING_PARAM_NICS_PER_NODE, "65" },
    { RING_PARAM_NICS_PER_NODE, "1.5" },
    { RING_PARAM_NIC_SPEED, "0" }, { RING_PARAM_NIC_SPEED, "fast" },
    { RING_PARAM_NIC_SPEED, "20T" }, { RING_PARAM_NIC_SPEED, "-400" },
    { RING_PARAM_NET_LATENCY, "-1" }, { RING_PARAM_NET_LATENCY, "1e9" },
    { RING_PARAM_NET_LATENCY, "soon" },
    { RING_PARAM_FABRIC, "myrinet" }, { RING_PARAM_FABRIC, "" },
    { RING_PARAM_ALGORITHM, "butterfly" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      const RingParamInfo *info = ring_param_info (bad[i].id);
      g_autofree char *option = g_strconcat ("--", info->option, NULL);
      g_autoptr(GError) error = NULL;
      RingParams params, before;

      init_params (&params);
      before = params;
      g_assert_false (ring_params_set_from_string (&params, bad[i].id, bad[i].text, &error));
      g_assert_error (error, RING_PARAMS_ERROR, error->code);
      if (strstr (error->message, option) == NULL)
        g_error ("%s=%s: the message does not name the option: %s", option, bad[i].text,
                 error->message);
      g_assert_cmpint (memcmp (&params, &before, sizeof params), ==, 0);
    }
}

/* Several nodes need NICs: validation says so, naming the option. */
static void
test_nodes_need_nics (void)
{
  RingParams params;
  g_autoptr(GError) error = NULL;

  ring_params_init_default (&params);
  params.nics_per_node = 0;
  g_assert_true (ring_params_validate (&params, NULL));
  params.gpus = 16;
  g_assert_cmpuint (ring_params_get_nodes (&params), ==, 2);
  g_assert_false (ring_params_validate (&params, &error));
  g_assert_nonnull (strstr (error->message, "--nics-per-node"));
}

static void
test_collective_mode (void)
{
  RingParams params;

  ring_params_init_default (&params);
  g_assert_false (ring_params_is_collective (&params));
  params.message_bytes = 1 << 20;
  g_assert_true (ring_params_is_collective (&params));
}

static gboolean
in (RingParamId        id,
    const RingParamId *ids,
    guint              n)
{
  for (guint i = 0; i < n; i++)
    {
      if (ids[i] == id)
        return TRUE;
    }

  return FALSE;
}

/* Hardware presets set GPU, node and network only; model presets the model only; each
 * one applies cleanly and lists exactly what it changes. */
static void
test_presets (void)
{
  const RingParamId hardware[] = {
    RING_PARAM_GPU, RING_PARAM_GPUS, RING_PARAM_GPUS_PER_NODE, RING_PARAM_NVLINK_DOMAIN,
    RING_PARAM_NICS_PER_NODE, RING_PARAM_NIC_SPEED, RING_PARAM_PCIE_GENERATION,
    RING_PARAM_NET_LATENCY, RING_PARAM_FABRIC, RING_PARAM_COMPUTE, RING_PARAM_BANDWIDTH,
  };
  /* A model, and a job as trained: the model with its layout and batch. */
  const RingParamId model[] = {
    RING_PARAM_MODEL_PARAMS, RING_PARAM_GRADIENT_BYTES, RING_PARAM_GPUS,
    RING_PARAM_TOKENS_PER_GPU, RING_PARAM_SHARDING, RING_PARAM_CHECKPOINTING,
    RING_PARAM_TENSOR_PARALLEL, RING_PARAM_PIPELINE_PARALLEL, RING_PARAM_MICRO_BATCHES,
  };
  const RingPreset *presets;
  guint n;

  presets = ring_presets_get (&n);
  g_assert_cmpuint (n, >=, 13);

  for (guint i = 0; i < n; i++)
    {
      RingParamId ids[RING_N_PARAMS];
      guint n_ids = ring_preset_list_changes (&presets[i], ids);
      RingParams before, after;

      g_test_message ("preset %s", presets[i].name);
      g_assert_true (ring_preset_lookup (presets[i].name) == &presets[i]);
      g_assert_cmpuint (n_ids, >, 0);

      /* From a state unlike any preset: everything that moves is listed. */
      ring_params_init_default (&before);
      before.gpu = RING_GPU_V100;
      before.compute_tflops = before.bandwidth_gbps = 123;
      before.model_params = 1234567;
      before.gpus_per_node = before.nics_per_node = 3;
      before.nic_speed_gbit = before.net_latency_us = 3;
      before.fabric = RING_FABRIC_INFINIBAND_SHARP;
      after = before;
      ring_preset_apply (&presets[i], &after);
      /* A job's layout needs nodes as large as its tensor parallelism. */
      if (after.tensor_parallel > after.gpus_per_node)
        {
          g_assert_false (ring_params_validate (&after, NULL));
          after.gpus_per_node = before.gpus_per_node = 8;
        }
      g_assert_true (ring_params_validate (&after, NULL));

      for (RingParamId id = 0; id < RING_N_PARAMS; id++)
        {
          gboolean moved = ring_params_get_value (&before, id) != ring_params_get_value (&after, id);

          g_assert_true (!moved || in (id, ids, n_ids));
          if (presets[i].kind == RING_PRESET_HARDWARE)
            g_assert_true (!in (id, ids, n_ids) || in (id, hardware, G_N_ELEMENTS (hardware)));
          else
            g_assert_true (!in (id, ids, n_ids) || in (id, model, G_N_ELEMENTS (model)));
        }
    }
}

/* Every model preset is costed with the layers and hidden size its paper gives, not
 * with the P ≈ 12 L h² estimate. */
static void
test_preset_architectures (void)
{
  static const struct {
    const char *preset;
    guint       layers;
    guint       hidden_size;
  } papers[] = {
    { "gpt2-1.5b", 48, 1600 }, { "llama3-8b", 32, 4096 }, { "llama3-70b", 80, 8192 },
    { "llama3-405b", 126, 16384 }, { "gpt3-175b", 96, 12288 }, { "llama-7b", 32, 4096 },
    { "llama-70b", 80, 8192 }, { "llama3-405b-16k", 126, 16384 },
    { "gpt3-175b-megatron", 96, 12288 }, { "megatron-1t", 128, 25600 },
    { "bloom-176b", 70, 14336 },
  };
  const RingPreset *presets;
  guint n, checked = 0;

  presets = ring_presets_get (&n);
  for (guint i = 0; i < n; i++)
    {
      gboolean listed = FALSE;

      if (presets[i].kind != RING_PRESET_MODEL)
        continue;
      for (guint j = 0; j < G_N_ELEMENTS (papers); j++)
        {
          RingParams params;
          guint layers, hidden_size;

          if (strcmp (papers[j].preset, presets[i].name) != 0)
            continue;
          ring_params_init_default (&params);
          ring_preset_apply (&presets[i], &params);
          ring_step_architecture (&params, &layers, &hidden_size);
          g_test_message ("preset %s: %u × %u", presets[i].name, layers, hidden_size);
          g_assert_cmpuint (layers, ==, papers[j].layers);
          g_assert_cmpuint (hidden_size, ==, papers[j].hidden_size);
          listed = TRUE;
          checked++;
        }
      g_assert_true (listed);
    }
  g_assert_cmpuint (checked, ==, G_N_ELEMENTS (papers));
}

/* The seed's names keep working, as the presets they are now. */
static void
test_preset_aliases (void)
{
  g_assert_cmpstr (ring_preset_lookup ("h100-nvlink")->name, ==, "dgx-h100");
  g_assert_cmpstr (ring_preset_lookup ("a100-nvlink")->name, ==, "dgx-a100");
  g_assert_cmpstr (ring_preset_lookup ("h100-infiniband")->name, ==, "dgx-h100");
  g_assert_cmpstr (ring_preset_lookup ("ethernet-100g")->name, ==, "commodity-100g");
  g_assert_nonnull (ring_preset_lookup ("llama-7b"));
  g_assert_nonnull (ring_preset_lookup ("gpt3-175b"));
  g_assert_null (ring_preset_lookup ("dgx-z900"));

  /* The commodity cluster sets the network and leaves compute alone. */
  {
    RingParams params;

    ring_params_init_default (&params);
    ring_preset_apply (ring_preset_lookup ("ethernet-100g"), &params);
    g_assert_cmpfloat (params.compute_tflops, ==, 400);
    g_assert_cmpint (params.fabric, ==, RING_FABRIC_TCP);
    g_assert_cmpuint (params.nics_per_node, ==, 1);
    g_assert_cmpfloat (params.nic_speed_gbit, ==, 100);
  }
}

/* Llama 3 70B in bf16 from its preset: 70e9 parameters, 2 bytes each. */
static void
test_model_preset (void)
{
  RingParams params;

  ring_params_init_default (&params);
  ring_preset_apply (ring_preset_lookup ("llama3-70b"), &params);
  g_assert_cmpfloat (params.model_params, ==, 70e9);
  g_assert_cmpuint (params.gradient_bytes, ==, 2);
  g_assert_cmpuint (params.gpus, ==, 8);
  g_assert_cmpfloat (params.bandwidth_gbps, ==, 300);
}

/* An MI300X node is a full mesh of xGMI links, 64 GB/s per direction, of which RCCL
 * counts 48: rings over 8 GPUs use a GPU's 7 links (336 GB/s), over 4 GPUs its 3 links
 * to the others (144, what RCCL's search reports with 4 MI300X, ROCm/rccl #1210). No
 * NVLS without an NVSwitch; NVLink domains do not span hosts. */
static void
test_xgmi_mesh (void)
{
  RingParams params;
  RingTopology topology;
  const char *why = NULL;

  ring_params_init_default (&params);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_GPU, "mi300x", NULL));
  g_assert_cmpfloat (params.bandwidth_gbps, ==, 448);
  g_assert_cmpuint (params.gpus_per_node, ==, 8);

  ring_topology_init (&topology, &params, 8);
  g_assert_cmpfloat_with_epsilon (topology.link_gbps, 7 * 48, 1e-9);
  g_assert_true (topology.nvlink);
  g_assert_false (topology.nvswitch);
  g_assert_false (ring_algorithm_can_run (RING_ALGORITHM_NVLS, &topology, &why));
  g_assert_nonnull (strstr (why, "NVSwitch"));

  ring_topology_init (&topology, &params, 4);
  g_assert_cmpfloat_with_epsilon (topology.link_gbps, 3 * 48, 1e-9);

  params.nvlink_domain = 16;
  g_assert_cmpuint (ring_params_get_domain_gpus (&params), ==, 8);
  g_assert_false (ring_params_validate (&params, NULL));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/catalogue/gpus", test_gpus);
  g_test_add_func ("/ring/catalogue/custom-is-default", test_custom_is_default);
  g_test_add_func ("/ring/catalogue/gpu-option", test_gpu_option);
  g_test_add_func ("/ring/catalogue/fabric-option", test_fabric_option);
  g_test_add_func ("/ring/catalogue/nic-speed", test_nic_speed);
  g_test_add_func ("/ring/catalogue/bad-values", test_bad_values);
  g_test_add_func ("/ring/catalogue/nodes-need-nics", test_nodes_need_nics);
  g_test_add_func ("/ring/catalogue/collective-mode", test_collective_mode);
  g_test_add_func ("/ring/catalogue/presets", test_presets);
  g_test_add_func ("/ring/catalogue/xgmi-mesh", test_xgmi_mesh);
  g_test_add_func ("/ring/catalogue/preset-aliases", test_preset_aliases);
  g_test_add_func ("/ring/catalogue/preset-architectures", test_preset_architectures);
  g_test_add_func ("/ring/catalogue/model-preset", test_model_preset);

  return g_test_run ();
}
